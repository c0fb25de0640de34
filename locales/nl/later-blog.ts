import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Dutch: the blog's words (locales/sections.ts LATER_PARTS); the blog's names in links and heads stay in contentPages. */
const words = {
  blog: {
    categories: 'Blogcategorieën',
    closeCategories: 'Blogcategorieën sluiten',
    allPosts: 'Alle berichten',
    latestPosts: 'Nieuwste berichten',
    /** the home page's blog feed */
    fromOurBlog: 'Uit onze blog',
    feedAll: 'Alle blogberichten',
    sort: 'Berichten sorteren',
    sortNewest: 'Nieuwste eerst',
    sortOldest: 'Oudste eerst',
    sortTitle: 'Titel (A tot Z)',
    published: 'Gepubliceerd op {date}',
    author: 'Door {author}',
    postCategories: 'Categorieën van dit bericht',
    pages: 'Blogpagina’s',
    previousPage: 'Vorige pagina',
    nextPage: 'Volgende pagina',
    pageOf: 'Pagina {page} van {count}',
    empty: 'Hier staan nog geen berichten.',
    loading: 'De blog wordt geladen…',
    back: 'Terug naar de blog',
  },
} satisfies LaterPartWords<Translation>

export default words
