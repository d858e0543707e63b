import { describe, expect, it } from 'vitest'
import { parseEnv } from './parse-env'

describe('app configuration is read once and defaults to the local stack (DESIGN §2)', () => {
  it('fills every default from an empty environment', () => {
    const env = parseEnv({})
    expect(env.supabaseUrl).toBe('http://127.0.0.1:54321')
    expect(env.geocoderUrl).toBe('http://127.0.0.1:54321/geocode/v1/search')
    expect(env.geocoderKey).toBe(env.supabaseAnonKey)
    expect(env.geocoding).toBe(true)
    expect(env.mapTiles).toBe('http://127.0.0.1:54321/tiles/v1/{z}/{x}/{y}.png')
    expect(env.mapAttribution).toBe('Made with Natural Earth · Places © GeoNames (CC BY 4.0)')
    expect(env.mapMaxZoom).toBe(14)
  })

  it('points the map at a hosted tile provider by configuration alone', () => {
    const env = parseEnv({
      VITE_SUPABASE_URL: 'https://abc.supabase.co',
      VITE_MAP_TILES: 'https://tiles.example.com/{z}/{x}/{y}.png',
      VITE_MAP_ATTRIBUTION: '© Example Maps',
    })
    expect(env.mapTiles).toBe('https://tiles.example.com/{z}/{x}/{y}.png')
    expect(env.mapAttribution).toBe('© Example Maps')
    expect(env.mapMaxZoom).toBe(19)
    expect(parseEnv({ VITE_MAP_MAX_ZOOM: '16' }).mapMaxZoom).toBe(16)
    expect(() => parseEnv({ VITE_MAP_MAX_ZOOM: 'deep' })).toThrow(/VITE_MAP_MAX_ZOOM/)
  })

  it('derives the geocoder from the Supabase URL and treats blank values as unset', () => {
    const env = parseEnv({
      VITE_SUPABASE_URL: 'https://abc.supabase.co/',
      VITE_GEOCODER_KEY: '',
      VITE_GEOCODING: 'off',
    })
    expect(env.supabaseUrl).toBe('https://abc.supabase.co')
    expect(env.geocoderUrl).toBe('https://abc.supabase.co/geocode/v1/search')
    expect(env.geocoding).toBe(false)
    expect(env.mapTiles).toBe('https://abc.supabase.co/tiles/v1/{z}/{x}/{y}.png')
  })

  it('refuses a malformed value instead of running half-configured', () => {
    expect(() => parseEnv({ VITE_GEOCODING: 'maybe' })).toThrow(/VITE_GEOCODING/)
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL/)
  })

  it('takes an optional VAPID public key for Web Push, and refuses one that is not base64url', () => {
    const key = `B${'A'.repeat(86)}`
    expect(parseEnv({}).vapidPublicKey).toBeNull()
    expect(parseEnv({ VITE_VAPID_PUBLIC_KEY: '' }).vapidPublicKey).toBeNull()
    expect(parseEnv({ VITE_VAPID_PUBLIC_KEY: key }).vapidPublicKey).toBe(key)
    expect(() => parseEnv({ VITE_VAPID_PUBLIC_KEY: 'not a key' })).toThrow(/VITE_VAPID_PUBLIC_KEY/)
  })
})
