import { useId } from 'react'
import type { FloorAreaUnit, YesNoUnsaid } from '../../types/listing'
import {
  COUNCIL_TAX_BAND_LABELS,
  type CouncilTaxBand,
  councilTaxChoices,
  EPC_CHOICES,
  EPC_LABELS,
  formatPropertyFactsCompleteness,
  PROPERTY_FACT_LIMITS,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  TENURE_LABELS,
  TENURES,
  type UkNation,
} from '../../utils/property-facts'
import { ChoiceToggle } from '../choice-toggle'
import { TextField } from '../text-field'
import { readPropertyFacts, shownFloorArea, ukToday } from './property-facts-schema'
import { SelectField } from './select-field'
import type { ListingFormFields } from './use-listing-form'

const YES_NO_UNSAID: readonly { value: YesNoUnsaid; label: string }[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: '', label: 'Not provided' },
]

const UNITS: readonly { value: FloorAreaUnit; label: string }[] = [
  { value: 'm2', label: 'm²' },
  { value: 'sqft', label: 'sq ft' },
]

const AVAILABILITY = [
  { value: 'now', label: 'Now' },
  { value: 'date', label: 'A date' },
  { value: '', label: 'Not provided' },
] as const

const choicesOf = <T extends string>(values: readonly T[], labels: { readonly [K in T]: string }) =>
  values.map((value) => ({ value, label: labels[value] }))

/** The bands of the nation, and the band already given even if it is not one of them (nothing is lost). */
const bandChoices = (nation: UkNation | null, given: CouncilTaxBand | '') => {
  const bands = councilTaxChoices(nation)
  return given === '' || bands.includes(given) ? bands : [...bands, given]
}

const pounds = { inputMode: 'numeric', autoComplete: 'off' } as const

/**
 * The form's `Property facts` (issue 55): type, floor area (m² or sq ft), EPC, council tax; for sale the tenure
 * and a leasehold's lease; for rent the deposit, availability, minimum tenancy, bills and pets. The count of
 * those given (`Property facts: 7 of 9`) follows what is typed. `nation`, when known, narrows the bands.
 */
export function ListingFactsSection({
  fields,
  mode,
  nation = null,
}: {
  fields: ListingFormFields
  mode: 'create' | 'edit'
  nation?: UkNation | null
}) {
  const { values, set, field, errors } = fields
  const titleId = useId()
  const facts = readPropertyFacts(values)
  const unit = values.floorAreaUnit === 'sqft' ? 'sq ft' : 'm²'
  return (
    <section className="listing-form__facts" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        Property facts
      </h2>
      <p className="field__hint listing-form__facts-count" aria-live="polite">
        {formatPropertyFactsCompleteness(values.type, facts)}
      </p>
      <SelectField
        label="Property type"
        name="propertyType"
        value={values.propertyType}
        choices={choicesOf(PROPERTY_TYPES, PROPERTY_TYPE_LABELS)}
        empty="Not provided"
        onChange={(v) => set('propertyType', v)}
        error={errors.propertyType}
      />
      <TextField
        label={`Floor area (${unit})`}
        name="floorArea"
        inputMode="decimal"
        autoComplete="off"
        value={shownFloorArea(values)}
        error={errors.floorArea}
        onChange={(event) => {
          set('floorArea', event.target.value)
          set('floorAreaTypedUnit', values.floorAreaUnit)
        }}
      />
      <ChoiceToggle
        legend="Floor area unit"
        choices={UNITS}
        value={values.floorAreaUnit}
        onChange={(v) => set('floorAreaUnit', v)}
      />
      <SelectField
        label="EPC rating"
        name="epcRating"
        value={values.epcRating}
        choices={choicesOf(EPC_CHOICES, EPC_LABELS)}
        empty="Not provided"
        hint="A (most efficient) to G, or Exempt"
        onChange={(v) => set('epcRating', v)}
        error={errors.epcRating}
      />
      {values.epcRating === 'exempt' ? (
        <TextField
          label="Why it is exempt"
          hint={`For example, a listed building (${PROPERTY_FACT_LIMITS.epcExemptReason.min} to ${PROPERTY_FACT_LIMITS.epcExemptReason.max} characters)`}
          autoComplete="off"
          {...field('epcExemptReason')}
        />
      ) : null}
      <SelectField
        label="Council tax band"
        name="councilTaxBand"
        value={values.councilTaxBand}
        choices={choicesOf(bandChoices(nation, values.councilTaxBand), COUNCIL_TAX_BAND_LABELS)}
        empty="Not provided"
        hint="Rates: Northern Ireland's domestic rates instead"
        onChange={(v) => set('councilTaxBand', v)}
        error={errors.councilTaxBand}
      />
      {values.councilTaxBand === 'rates' ? (
        <TextField label="Rates a year (£)" {...pounds} {...field('ratesPerYear')} />
      ) : null}
      {values.type === 'sale' ? <SaleFacts fields={fields} /> : <RentFacts fields={fields} mode={mode} />}
    </section>
  )
}

/** A sale's tenure and, for a leasehold, its lease. */
function SaleFacts({ fields }: { fields: ListingFormFields }) {
  const { values, set, field, errors } = fields
  return (
    <>
      <SelectField
        label="Tenure"
        name="tenure"
        value={values.tenure}
        choices={choicesOf(TENURES, TENURE_LABELS)}
        empty="Not provided"
        onChange={(v) => set('tenure', v)}
        error={errors.tenure}
      />
      {values.tenure === 'leasehold' ? (
        <>
          <TextField label="Years left on the lease" {...pounds} {...field('leaseYearsLeft')} />
          <TextField label="Ground rent a year (£)" {...pounds} {...field('groundRentPerYear')} />
          <TextField label="Service charge a year (£)" {...pounds} {...field('serviceChargePerYear')} />
        </>
      ) : null}
    </>
  )
}

/** A let's deposit, availability, minimum tenancy, bills and pets. */
function RentFacts({ fields, mode }: { fields: ListingFormFields; mode: 'create' | 'edit' }) {
  const { values, set, field } = fields
  return (
    <>
      <TextField label="Deposit (£)" {...pounds} {...field('deposit')} />
      <ChoiceToggle
        legend="Available from"
        choices={AVAILABILITY}
        value={values.availability}
        onChange={(v) => set('availability', v)}
      />
      {values.availability === 'date' ? (
        <TextField
          label="Available from date"
          type="date"
          min={mode === 'create' ? ukToday() : undefined}
          {...field('availableFrom')}
        />
      ) : null}
      <TextField
        label="Minimum tenancy (months)"
        {...pounds}
        hint={`${PROPERTY_FACT_LIMITS.minTenancyMonths.min} to ${PROPERTY_FACT_LIMITS.minTenancyMonths.max} months`}
        {...field('minTenancyMonths')}
      />
      <ChoiceToggle
        legend="Bills included"
        choices={YES_NO_UNSAID}
        value={values.billsIncluded}
        onChange={(v) => set('billsIncluded', v)}
      />
      <ChoiceToggle
        legend="Pets considered"
        choices={YES_NO_UNSAID}
        value={values.petsConsidered}
        onChange={(v) => set('petsConsidered', v)}
      />
    </>
  )
}
