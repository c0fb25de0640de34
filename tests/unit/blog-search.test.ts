import { describe, expect, it } from 'vitest'
import { blogSearchSchema } from '../../src/routes/content/blog-search'

describe('blog routes query (spec §2: blog routes take a sort query parameter)', () => {
  it('keeps a sort the blog has, and a page past the first', () => {
    expect(blogSearchSchema.parse({ sort: 'oldest' })).toEqual({ sort: 'oldest' })
    expect(blogSearchSchema.parse({ sort: 'title', page: 3 })).toEqual({ sort: 'title', page: 3 })
    expect(blogSearchSchema.parse({ page: '2' })).toEqual({ page: 2 })
  })

  it('drops an unknown, empty or non-text sort and a page that is not a whole number past 1, instead of failing the route', () => {
    expect(blogSearchSchema.parse({ sort: 'price_asc' })).toEqual({})
    expect(blogSearchSchema.parse({ sort: '  ' })).toEqual({})
    expect(blogSearchSchema.parse({ sort: ['a', 'b'] })).toEqual({})
    expect(blogSearchSchema.parse({ page: 1 })).toEqual({})
    expect(blogSearchSchema.parse({ page: 2.5 })).toEqual({})
    expect(blogSearchSchema.parse({ page: '-2' })).toEqual({})
    expect(blogSearchSchema.parse({})).toEqual({})
  })
})
