import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { FormMessage, SelectField, TextField } from '@/components/form-field';
import {
  WEEKDAYS,
  bookingSettingsSchema,
  dayHoursText,
  parseDayHours,
  type BookingSettings,
  type HoursRange,
} from '@/domain/bookings';
import { ConsolePage, Panel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { useCheckedSave } from '@/lib/use-checked-save';
import { loadBookingSettings, saveBookingSettings } from '../api';

/** Monday first, as staff read a week. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

interface StaffDraft {
  id: string;
  name: string;
  email: string;
  /** Per weekday (0 = Sunday): '10:00-13:00, 14:00-18:00'. */
  days: string[];
}

const draftOf = (settings: BookingSettings) => ({
  staff: settings.staff.map((member): StaffDraft => ({
    id: member.id,
    name: member.name,
    email: member.email,
    days: Array.from({ length: 7 }, (_, day) => dayHoursText(member.hours, day)),
  })),
  meetingMinutes: String(settings.meetingMinutes),
  bufferMinutes: String(settings.bufferMinutes),
  minNoticeHours: String(settings.minNoticeHours),
  windowDays: String(settings.windowDays),
  maxPerDay: String(settings.maxPerDay),
  placeKind: settings.place.kind,
  placeValue: settings.place.value,
});
type Draft = ReturnType<typeof draftOf>;

/** Bookings → Availability (/admin/bookings/availability): who takes calls when, and how. */
export function AvailabilityPage() {
  const settings = useSubscription('booking-settings', loadOnce(loadBookingSettings));
  const to = useConsoleLink();
  return (
    <ConsolePage title="Availability">
      <Link to={to('bookings')} className="text-sm text-brand-darker underline">
        Back to the bookings
      </Link>
      {settings.status === 'loading' ? (
        <p className="text-slate-600">Loading...</p>
      ) : settings.status === 'error' ? (
        <p role="alert">Could not load the availability: {settings.error.message}</p>
      ) : (
        <AvailabilityForm initial={settings.data.settings} saved={settings.data.saved} />
      )}
    </ConsolePage>
  );
}

function AvailabilityForm({ initial, saved }: { initial: BookingSettings; saved: boolean }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const { message, setMessage, isSaving, save } = useCheckedSave(
    saved ? null : { tone: 'success', text: 'These are the defaults: saving makes them yours.' },
  );
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const setStaff = (index: number, changes: Partial<StaffDraft>) =>
    set({ staff: draft.staff.map((member, at) => (at === index ? { ...member, ...changes } : member)) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const staff = [];
    for (const member of draft.staff) {
      const hours: HoursRange[] = [];
      for (let day = 0; day < 7; day += 1) {
        const ranges = parseDayHours(member.days[day] ?? '');
        if (!ranges) {
          setMessage({
            tone: 'error',
            text: `${member.name || 'A staff member'}: ${WEEKDAYS[day]}'s hours must read like 10:00-13:00, 14:00-18:00.`,
          });
          return;
        }
        hours.push(...ranges.map(([from, to]) => ({ day, from, to })));
      }
      staff.push({ id: member.id.trim(), name: member.name, email: member.email.trim(), hours });
    }
    const parsed = bookingSettingsSchema.safeParse({
      staff,
      meetingMinutes: Number(draft.meetingMinutes),
      bufferMinutes: Number(draft.bufferMinutes),
      minNoticeHours: Number(draft.minNoticeHours),
      windowDays: Number(draft.windowDays),
      maxPerDay: Number(draft.maxPerDay),
      place: { kind: draft.placeKind, value: draft.placeValue },
    });
    await save(parsed, 'Please check the settings.', async (settings) => {
      await saveBookingSettings(settings);
      return 'Saved. Visitors see the new times at once.';
    });
  }

  const number = (
    label: string,
    key: 'meetingMinutes' | 'bufferMinutes' | 'minNoticeHours' | 'windowDays' | 'maxPerDay',
  ) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      required
      value={draft[key]}
      onChange={(event) => set({ [key]: event.target.value })}
    />
  );

  return (
    <form aria-label="Availability" onSubmit={(event) => void submit(event)} className="space-y-4">
      <Panel id="availability-calls" title="Calls">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {number('Meeting length (minutes)', 'meetingMinutes')}
          {number('Buffer between meetings (minutes)', 'bufferMinutes')}
          {number('Minimum notice (hours)', 'minNoticeHours')}
          {number('How far ahead (days)', 'windowDays')}
          {number('Most calls per staff member per day', 'maxPerDay')}
          <SelectField
            label="Meeting place"
            value={draft.placeKind}
            onChange={(event) => set({ placeKind: event.target.value as 'video' | 'phone' })}
          >
            <option value="video">Video call (a fixed link)</option>
            <option value="phone">Phone</option>
          </SelectField>
          <TextField
            label={draft.placeKind === 'video' ? 'Video-call link' : 'Phone number'}
            required
            fieldClassName="sm:col-span-2 lg:col-span-3"
            value={draft.placeValue}
            onChange={(event) => set({ placeValue: event.target.value })}
          />
        </div>
        <p className="mt-3 text-sm text-slate-700">
          Holidays are the company's list in <strong>Support → Business hours</strong>: no call is offered on them.
        </p>
      </Panel>
      {draft.staff.map((member, index) => (
        <Panel key={index} id={`availability-staff-${index}`} title={member.name || 'New staff member'}>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="Name"
              required
              value={member.name}
              onChange={(event) => setStaff(index, { name: event.target.value })}
            />
            <TextField
              label="Key"
              hint="Lower-case letters, digits, dashes."
              required
              value={member.id}
              onChange={(event) => setStaff(index, { id: event.target.value })}
            />
            <TextField
              label="Email"
              hint="Invitations go here; empty: the company inbox."
              type="email"
              value={member.email}
              onChange={(event) => setStaff(index, { email: event.target.value })}
            />
          </div>
          <fieldset className="mt-3">
            <legend className="text-sm font-medium text-slate-800">
              Weekly hours (IST), e.g. 10:00-13:00, 14:00-18:00
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
              {WEEK_ORDER.map((day) => (
                <TextField
                  key={day}
                  label={WEEKDAYS[day]}
                  value={member.days[day] ?? ''}
                  placeholder="Off"
                  onChange={(event) =>
                    setStaff(index, { days: member.days.map((text, at) => (at === day ? event.target.value : text)) })
                  }
                />
              ))}
            </div>
          </fieldset>
          {draft.staff.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-3"
              onClick={() => set({ staff: draft.staff.filter((_, at) => at !== index) })}
            >
              Remove {member.name || 'this staff member'}
            </Button>
          )}
        </Panel>
      ))}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            set({
              staff: [
                ...draft.staff,
                {
                  id: `staff-${draft.staff.length + 1}`,
                  name: '',
                  email: '',
                  days: ['', '10:00-18:00', '10:00-18:00', '10:00-18:00', '10:00-18:00', '10:00-18:00', ''],
                },
              ],
            })
          }
        >
          Add a staff member
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save availability'}
        </Button>
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
    </form>
  );
}
