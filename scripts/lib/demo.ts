/** The demo logins the seeder creates on the local emulators (printed by `npm start`). */
export const DEMO_CUSTOMER = {
  uid: 'demo-customer',
  email: 'demo@example.com',
  password: 'demo-password',
  name: 'Asha Verma',
};
export const DEMO_STAFF = {
  uid: 'demo-staff',
  email: 'staff@example.com',
  password: 'staff-password',
  name: 'Ravi (staff)',
};
