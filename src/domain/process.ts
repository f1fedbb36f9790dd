/**
 * The four steps every project goes through: the landing page's Process section shows them, and a
 * plan bought from the cart opens a project with them as its (unbilled) milestones.
 */
export const PROCESS_STEPS = [
  {
    title: 'Consultation & Planning',
    text: 'We visit or call, map how your business runs today, and agree on goals, scope, plan and a fixed price.',
  },
  {
    title: 'Design & Prototyping',
    text: 'You see clickable screens within days and shape them with us before a line of production code is written.',
  },
  {
    title: 'Development & Integration',
    text: 'We build in short cycles with a demo every week, and connect your machines, payments and existing tools.',
  },
  {
    title: 'Deployment & Support',
    text: 'We launch, train your team and stay on call: updates, backups and improvements under your yearly plan.',
  },
] as const;
