import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/pagination'
import { GalleryPhoto } from './gallery-photo'

/** The listing's photos in Swiper, with arrows, dots and keys. */
export default function ListingGallerySwiper({ name, imageUrls }: { name: string; imageUrls: string[] }) {
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
          <GalleryPhoto name={name} url={url} index={index} count={imageUrls.length} />
        </SwiperSlide>
      ))}
    </Swiper>
  )
}
