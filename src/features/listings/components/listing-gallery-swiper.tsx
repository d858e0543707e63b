import { useEffect, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper'
import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import 'swiper/css/navigation'
import 'swiper/css/pagination'
import { GalleryPhoto } from './gallery-photo'
import { OpenPhotoButton } from './open-photo-button'

type ListingGallerySwiperProps = {
  name: string
  imageUrls: string[]
  /** The photo shown; it follows the full-screen view when that closes. */
  current: number
  onCurrentChange: (index: number) => void
  onOpen: (index: number) => void
  count: number
  /** Arrow keys move this gallery only while no full-screen view is over it. */
  keyboard: boolean
}

/** The listing's photos in Swiper, with arrows, dots and keys; a tap on a photo opens it full screen. */
export default function ListingGallerySwiper({
  name,
  imageUrls,
  current,
  onCurrentChange,
  onOpen,
  count,
  keyboard,
}: ListingGallerySwiperProps) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null)

  useEffect(() => {
    if (swiper && !swiper.destroyed && swiper.activeIndex !== current) swiper.slideTo(current, 0)
  }, [swiper, current])

  useEffect(() => {
    if (!swiper || swiper.destroyed) return
    if (keyboard) swiper.keyboard.enable()
    else swiper.keyboard.disable()
  }, [swiper, keyboard])

  return (
    <Swiper
      className="listing-gallery"
      modules={[A11y, Keyboard, Navigation, Pagination]}
      slidesPerView={1}
      initialSlide={current}
      pagination={{ clickable: true }}
      navigation={imageUrls.length > 1}
      keyboard={{ enabled: true, onlyInViewport: true }}
      a11y={{ containerRole: 'region', containerMessage: `Photos of ${name}`, slideRole: 'group' }}
      onSwiper={setSwiper}
      onSlideChange={(instance) => onCurrentChange(instance.activeIndex)}
    >
      {imageUrls.map((url, index) => (
        <SwiperSlide key={url}>
          <GalleryPhoto name={name} url={url} index={index} count={imageUrls.length} />
          <OpenPhotoButton index={index} count={count} current={current} onOpen={onOpen} />
        </SwiperSlide>
      ))}
    </Swiper>
  )
}
