/**
 * Time zones by what they mean, not by how they are spelt. One IANA zone has several names: India
 * is `Asia/Kolkata` (the current name) and `Asia/Calcutta` (the old one, which ICU, and so Chrome,
 * Edge and Node, still report as canonical: `Intl.DateTimeFormat().resolvedOptions().timeZone` is
 * 'Asia/Calcutta' on a Chrome in India). Every place that asks "is this visitor in India?" or
 * shows a zone asks here. Pure: no library, Intl only.
 */

/** India Standard Time (UTC+05:30 all year, no daylight saving), by its current IANA name. */
export const IST_ZONE = 'Asia/Kolkata';

/**
 * Every IANA name (tzdata's `backward` links included) that is India's zone, lower-cased (zone
 * names are case-insensitive). Asia/Colombo and Asia/Kathmandu are other countries' zones and
 * other offsets' histories: not India, even when the clock agrees.
 */
const INDIA_ZONE_NAMES = new Set(['asia/kolkata', 'asia/calcutta']);

/** Whether a zone name (as a browser reports it, any spelling) is India's. */
export function isIndiaZone(zone: string | null | undefined): boolean {
  return typeof zone === 'string' && INDIA_ZONE_NAMES.has(zone.trim().toLowerCase());
}

/** The one name we store and compare for a zone: India's aliases become IST_ZONE; any other is kept. */
export function canonicalZone(zone: string): string {
  return isIndiaZone(zone) ? IST_ZONE : zone;
}
