import { describe, expect, it } from 'vitest'
import { blogSearchSchema } from '../../src/routes/content/blog-search'

describe('blog routes query (spec §2: blog routes take a sort query parameter)', () => {
  it('keeps a sort value', () => {
    expect(blogSearchSchema.parse({ sort: 'newest' })).toEqual({ sort: 'newest' })
  })

  it('drops an empty or non-text sort instead of failing the route', () => {
    expect(blogSearchSchema.parse({ sort: '  ' })).toEqual({})
    expect(blogSearchSchema.parse({ sort: ['a', 'b'] })).toEqual({})
    expect(blogSearchSchema.parse({})).toEqual({})
  })
})
