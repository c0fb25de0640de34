import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** French: the blog's words (locales/sections.ts LATER_PARTS); the blog's names in links and heads stay in contentPages. */
const words = {
  blog: {
    categories: 'Catégories du blog',
    closeCategories: 'Fermer les catégories du blog',
    allPosts: 'Tous les articles',
    latestPosts: 'Derniers articles',
    /** the home page's blog feed */
    fromOurBlog: 'Sur notre blog',
    feedAll: 'Tous les articles du blog',
    sort: 'Trier les articles',
    sortNewest: 'Les plus récents d’abord',
    sortOldest: 'Les plus anciens d’abord',
    sortTitle: 'Titre (de A à Z)',
    published: 'Publié le {date}',
    author: 'Par {author}',
    postCategories: 'Catégories de cet article',
    pages: 'Pages du blog',
    previousPage: 'Page précédente',
    nextPage: 'Page suivante',
    pageOf: 'Page {page} sur {count}',
    empty: 'Il n’y a pas encore d’articles ici.',
    loading: 'Chargement du blog…',
    back: 'Retour au blog',
  },
} satisfies LaterPartWords<Translation>

export default words
