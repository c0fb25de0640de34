/**
 * Content pages whose content is not built yet (spec §2: blog, blog category, blog post,
 * submit-return): they route and show their shell, one heading and a line that
 * says the content is not there yet.
 */
import { useI18nContext } from '../../../locales/i18n-react'
import { ShellPage } from '../../components/shell-page'

export function BlogPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.contentPages.blog()} text={LL.contentPages.blogText()} route="blog" />
}

export function BlogCategoryPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.contentPages.blogCategory()} text={LL.contentPages.blogText()} route="blog-category" />
}

export function BlogPostPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.contentPages.blogPost()} text={LL.contentPages.blogText()} route="blog-post" />
}

export function SubmitReturnPage() {
  const { LL } = useI18nContext()
  return <ShellPage title={LL.contentPages.submitReturn()} text={LL.contentPages.submitReturnText()} route="submit-return" />
}
