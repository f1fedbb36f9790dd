import { Router, type RequestHandler } from 'express';
import {
  BOOKING_MESSAGES,
  blockTimeSchema,
  bookingRequestSchema,
  bookingSettingsSchema,
  rescheduleSchema,
} from '../../src/domain/bookings';
import { CONTACT_HONEYPOT_FIELD, documentIdSchema } from '../../src/domain/schemas';
import { bookingsContext, type AppDeps } from '../app-deps';
import { actorOf, requireStaff } from '../auth';
import {
  bookCall,
  bookingView,
  cancelCall,
  listSlots,
  pretendToBook,
  rescheduleCall,
  rescheduleSlots,
} from '../bookings/bookings';
import { blockTime, bookingSettings, markNoShow, removeBlock, saveBookingSettings } from '../bookings/console';
import { perHour, perMinute } from './rate-limits';
import { CONTACT_EMAIL_LIMIT_MESSAGE, CONTACT_EMAIL_LIMIT_PER_HOUR } from './contact';

/** Bookings per client IP per minute. */
export const BOOKING_RATE_LIMIT = 10;
export const BOOKING_RATE_LIMIT_MESSAGE = 'Too many bookings from your connection. Please wait a minute and try again.';

const isHoneypotFilled = (body: unknown) => {
  const value = (body as Record<string, unknown> | null | undefined)?.[CONTACT_HONEYPOT_FIELD];
  return typeof value === 'string' && value.trim() !== '';
};

/**
 * Consultations, for visitors (no account): the free slots, booking one (App Check, the honeypot,
 * per-IP and per-email limits as on the contact form), and the reschedule/cancel page's calls,
 * authorised by the signed link in the mails. For staff (`/api/staff/bookings/...`): the
 * availability, blocked time and no-shows, each audited.
 */
export function bookingsRouter(deps: AppDeps): Router {
  const router = Router();
  const ctx = bookingsContext(deps);
  const limiter = perMinute(deps, 'booking', BOOKING_RATE_LIMIT, BOOKING_RATE_LIMIT_MESSAGE);
  // The contact form's own per-email counter: a booking is an enquiry too.
  const perEmail = perHour(deps, 'contact-email', CONTACT_EMAIL_LIMIT_PER_HOUR, CONTACT_EMAIL_LIMIT_MESSAGE);

  router.get('/api/bookings/slots', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await listSlots(ctx));
  });

  // A bot is answered exactly as a real booking would be (the same 400s, then the same keys and
  // types), so the answer never tells it the honeypot gave it away.
  const honeypot: RequestHandler = async (req, res, next) => {
    if (!isHoneypotFilled(req.body)) return next();
    const request = bookingRequestSchema.parse(req.body ?? {});
    const pretended = await pretendToBook(ctx, request);
    req.log?.info({ booking: 'honeypot' }, 'bookings: a bot filled the honeypot; answered as success, nothing kept');
    res.status(201).json({ message: BOOKING_MESSAGES.booked, ...pretended });
  };

  router.post('/api/bookings', honeypot, limiter, async (req, res) => {
    const request = bookingRequestSchema.parse(req.body ?? {});
    const booked = await bookCall(ctx, request, () => perEmail.count(request.email.trim().toLowerCase()));
    res.status(201).json({ message: BOOKING_MESSAGES.booked, ...booked });
  });

  const token = (value: unknown) => String(value ?? '');
  router.get('/api/bookings/manage/:token', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await bookingView(ctx, token(req.params.token)));
  });
  router.get('/api/bookings/manage/:token/slots', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await rescheduleSlots(ctx, token(req.params.token)));
  });
  router.post('/api/bookings/manage/:token/reschedule', limiter, async (req, res) => {
    const { startAt } = rescheduleSchema.parse(req.body ?? {});
    const moved = await rescheduleCall(ctx, token(req.params.token), startAt);
    res.json({ message: BOOKING_MESSAGES.rescheduled, ...moved });
  });
  router.post('/api/bookings/manage/:token/cancel', limiter, async (req, res) => {
    await cancelCall(ctx, token(req.params.token));
    res.json({ message: BOOKING_MESSAGES.cancelledNow });
  });

  router.use('/api/staff/bookings', ...requireStaff(deps.firebase.auth));
  router.get('/api/staff/bookings/settings', async (_req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await bookingSettings(ctx));
  });
  router.post('/api/staff/bookings/settings', async (req, res) => {
    const settings = bookingSettingsSchema.parse(req.body ?? {});
    await saveBookingSettings(ctx, settings, actorOf(req.user!));
    res.json({ settings, saved: true });
  });
  router.post('/api/staff/bookings/blocks', async (req, res) => {
    const block = blockTimeSchema.parse(req.body ?? {});
    res.status(201).json(await blockTime(ctx, block, actorOf(req.user!)));
  });
  router.post('/api/staff/bookings/blocks/:id/remove', async (req, res) => {
    await removeBlock(ctx, documentIdSchema.parse(req.params.id), actorOf(req.user!));
    res.json({ removed: true });
  });
  router.post('/api/staff/bookings/:id/no-show', async (req, res) => {
    await markNoShow(ctx, documentIdSchema.parse(req.params.id), actorOf(req.user!));
    res.json({ status: 'No-show' });
  });
  return router;
}
