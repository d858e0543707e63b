import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { isListingType } from '../types/listing'

/** /category/{rent|sale}/…: any other category name is a page that does not exist. */
export const Route = createFileRoute('/category/$categoryName')({
  params: {
    parse: ({ categoryName }) => {
      if (!isListingType(categoryName)) throw notFound()
      return { categoryName }
    },
    stringify: ({ categoryName }) => ({ categoryName }),
  },
  component: Outlet,
})
