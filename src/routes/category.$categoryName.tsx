import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { listingTypeSchema } from '../types/listing'

/** /category/{rent|sale}/…: any other category name is a page that does not exist. */
export const Route = createFileRoute('/category/$categoryName')({
  params: {
    parse: ({ categoryName }) => {
      const parsed = listingTypeSchema.safeParse(categoryName)
      if (!parsed.success) throw notFound()
      return { categoryName: parsed.data }
    },
    stringify: ({ categoryName }) => ({ categoryName }),
  },
  component: Outlet,
})
