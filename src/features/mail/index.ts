// What other features may use of mail (the console's outbox).
export const mailScreens = {
  list: () => import('./console/mail').then((m) => m.MailPage),
};
