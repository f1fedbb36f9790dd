// What other features and the app may use of projects: the customer's and a contact's project
// page, My Projects on /profile, the console's screens (composed by its route table) and the Today
// page's counts.
export { ProjectPage } from './project-page';
export type { ProjectSource } from './api';
export { MyProjects } from './my-projects';
export { ProjectsTodayCounts } from './console/today-counts';

export const projectScreens = {
  list: () => import('./console/projects-console').then((m) => m.ProjectsList),
  detail: () => import('./console/projects-console').then((m) => m.ProjectDetail),
};
