import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/pagination'

/** The listing's photos, cover first, in a swipeable gallery with arrows and dots. */
export function ListingGallery({ name, imageUrls }: { name: string; imageUrls: string[] }) {
  if (imageUrls.length === 0)
    return <div className="listing-gallery listing-gallery--empty" aria-hidden="true" />
  return (
    <Swiper
      className="listing-gallery"
      modules={[A11y, Keyboard, Navigation, Pagination]}
      slidesPerView={1}
      pagination={{ clickable: true }}
      navigation={imageUrls.length > 1}
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{ containerMessage: `Photos of ${name}`, slideRole: 'group' }}
    >
      {imageUrls.map((url, index) => (
        <SwiperSlide key={url}>
          <img
            src={url}
            alt={`${name} (${index + 1} of ${imageUrls.length})`}
            width={1200}
            height={675}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'auto'}
            decoding="async"
            crossOrigin="anonymous"
          />
        </SwiperSlide>
      ))}
    </Swiper>
  )
}
