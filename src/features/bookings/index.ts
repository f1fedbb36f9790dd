// What other features may use of bookings (consultations): the visitor's tab (loaded when opened),
// the console's screens and the Today page's calls (each loaded on first use).
import { lazy } from 'react';

export const bookingScreens = {
  week: () => import('./console/week').then((m) => m.BookingsWeekPage),
  availability: () => import('./console/availability').then((m) => m.AvailabilityPage),
};

/** The contact section's "Book a call" tab: its code loads only when the tab is opened. */
export const loadBookCallTab = () => import('./book-call-tab').then((m) => m.BookCallTab);

/** Today's calls, for the console's Today page. */
export const TodayCalls = lazy(() => import('./console/today-calls').then((m) => ({ default: m.TodayCalls })));
