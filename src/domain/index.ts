export * from './catalogue';
export * from './company';
export * from './money';
export * from './order-number';
export * from './schemas';
export * from './status';
export * from './profile-schemas';
