import { env } from '../config/env'
import { AppError } from './errors'
import { firstGeocodeResult } from './geocode-result'

type Place = { lat: number; lng: number } | null

// The form checks an address as it is submitted and the publish step needs its place: one request serves both.
const answers = new Map<string, Place>()
const ANSWERS_KEPT = 20

/**
 * Where an address is, from the configured geocoder (Geoapify's search shape), or null when it finds nothing.
 * Throws when the geocoder cannot be reached, so the form can tell "wrong address" from "try again".
 */
export async function geocodeAddress(address: string): Promise<Place> {
  const known = answers.get(address)
  if (known !== undefined) return known
  const place = await askGeocoder(address)
  if (answers.size >= ANSWERS_KEPT) answers.delete(answers.keys().next().value ?? '')
  answers.set(address, place)
  return place
}

async function askGeocoder(address: string): Promise<Place> {
  const query = new URLSearchParams({ text: address, format: 'json', apiKey: env.geocoderKey })
  let response: Response
  try {
    response = await fetch(`${env.geocoderUrl}?${query}`, { headers: { Accept: 'application/json' } })
  } catch (cause) {
    throw new AppError('Could not reach the address search', { cause })
  }
  if (response.status >= 500) throw new AppError('The address search failed', { status: response.status })
  if (!response.ok) return null
  return firstGeocodeResult(await response.json().catch(() => null))
}
