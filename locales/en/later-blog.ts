/** English: the blog's words (locales/sections.ts LATER_PARTS); the blog's names in links and heads stay in contentPages. */
const words = {
  blog: {
    categories: 'Blog categories',
    closeCategories: 'Close blog categories',
    allPosts: 'All posts',
    latestPosts: 'Latest posts',
    /** the home page's blog feed */
    fromOurBlog: 'From our blog',
    feedAll: 'All blog posts',
    sort: 'Sort posts',
    sortNewest: 'Newest first',
    sortOldest: 'Oldest first',
    sortTitle: 'Title (A to Z)',
    /** before a post's publish date, in the store view's language */
    published: 'Published on {date:string}',
    author: 'By {author:string}',
    postCategories: 'Categories of this post',
    pages: 'Blog pages',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    pageOf: 'Page {page:number} of {count:number}',
    empty: 'There are no posts here yet.',
    loading: 'Loading the blog…',
    back: 'Back to the blog',
  },
}

export default words
