// The profile feature's only Firebase and API code, one module per job.
export * from './account';
export * from './lists';
export * from './privacy';
export * from './profile';
