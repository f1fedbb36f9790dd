// What the areas' console screens may use of the console shell (the shell itself: staff-console.tsx).
export { JobPage } from './job-page';
