import { useWatch, type UseFormReturn } from 'react-hook-form';
import { locationLoaders as loaders } from '@/lib/locations';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { SelectField } from './form-field';

/** Stored by name, as the profile shows them. */
export interface LocationValue {
  country: string;
  state: string;
  city: string;
}

export interface LocationFieldsProps {
  idPrefix: string;
  value: LocationValue;
  onChange: (next: LocationValue) => void;
  errors?: Partial<Record<keyof LocationValue, string>>;
  disabled?: boolean;
}

/** The list loaded for `key` (null: nothing to load), empty meanwhile; failures are only logged (spec). */
function useList<T>(key: string | null, load: () => Promise<T[]>): T[] {
  return useSubscription(key, loadOnce(load)).data ?? [];
}

/**
 * Country, state and city dropdowns. Changing the country clears state and city; changing the
 * state clears the city. A stored value missing from a list (or a list that failed) stays shown.
 */
export function LocationFields({ idPrefix, value, onChange, errors = {}, disabled }: LocationFieldsProps) {
  const countries = useList('countries', loaders.countries);
  const countryIso = countries.find((country) => country.name === value.country)?.iso2 ?? null;
  const states = useList(countryIso && `states of ${countryIso}`, () => loaders.states(countryIso!));
  const stateIso = states.find((state) => state.name === value.state)?.iso2 ?? null;
  const cities = useList(countryIso && stateIso && `cities of ${countryIso}/${stateIso}`, () =>
    loaders.cities(countryIso!, stateIso!),
  );

  // Each level: its list, and what choosing in it clears below it.
  const levels = [
    {
      field: 'country',
      label: 'Country',
      items: countries,
      choose: (country: string) => ({ country, state: '', city: '' }),
    },
    { field: 'state', label: 'State', items: states, choose: (state: string) => ({ ...value, state, city: '' }) },
    { field: 'city', label: 'City', items: cities, choose: (city: string) => ({ ...value, city }) },
  ] as const;

  return (
    <>
      {levels.map(({ field, label, items, choose }) => {
        const current = value[field];
        const names = items.map((item) => item.name);
        // A stored name the list lacks (or a list that failed to load) is still shown and kept.
        const options = current && !names.includes(current) ? [current, ...names] : names;
        return (
          <SelectField
            key={field}
            id={`${idPrefix}-${field}`}
            label={label}
            value={current}
            error={errors[field]}
            disabled={disabled}
            onChange={(event) => onChange(choose(event.target.value))}
          >
            <option value="">Select {field}</option>
            {options.map((name, index) => (
              // Cities may repeat a name within a state.
              <option key={`${name}-${index}`} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
        );
      })}
    </>
  );
}

/**
 * The location dropdowns bound to a react-hook-form form that has country, state and city
 * fields: the clearing rules live in LocationFields, validation follows the form's own timing.
 */
export function FormLocationFields<T extends LocationValue>({
  form,
  idPrefix,
  className = 'grid gap-4 sm:grid-cols-3',
}: {
  form: UseFormReturn<T>;
  idPrefix: string;
  className?: string;
}) {
  // Every form passed here has these three string fields; the cast only narrows the generic.
  const locationForm = form as unknown as UseFormReturn<LocationValue>;
  const [country, state, city] = useWatch({ control: locationForm.control, name: ['country', 'state', 'city'] });
  const { errors, isSubmitted } = locationForm.formState;
  const onChange = (next: LocationValue) => {
    const options = { shouldValidate: isSubmitted, shouldDirty: true };
    locationForm.setValue('country', next.country, options);
    locationForm.setValue('state', next.state, options);
    locationForm.setValue('city', next.city, options);
  };
  return (
    <div className={className}>
      <LocationFields
        idPrefix={idPrefix}
        value={{ country: country ?? '', state: state ?? '', city: city ?? '' }}
        onChange={onChange}
        errors={{ country: errors.country?.message, state: errors.state?.message, city: errors.city?.message }}
      />
    </div>
  );
}
