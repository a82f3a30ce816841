import type { IslandScript } from '../../ui/define-island';

/** Each select's name (a job field) and the data attribute that holds that field on each job. */
const FIELDS = { category: 'category', location: 'location', jobType: 'jobType' } as const;

/**
 * The job list's filters, without a framework: Submit shows the jobs that match every chosen
 * filter (the others leave the list, so the live region around it tells screen readers what
 * is now there), and says so when none match; Reset shows every job again.
 */
const jobList: IslandScript = (island) => {
  const form = island.querySelector('form');
  const list = island.querySelector<HTMLElement>('[aria-live] > ul');
  const none = island.querySelector<HTMLElement>('[data-no-results]');
  if (!form || !list || !none) return undefined;
  const jobs = [...list.children] as HTMLElement[];
  const show = (chosen: Partial<Record<keyof typeof FIELDS, string>>): void => {
    const shown = jobs.filter((job) =>
      Object.entries(FIELDS).every(
        ([name, field]) => !chosen[name as keyof typeof FIELDS] || job.dataset[field] === chosen[name as keyof typeof FIELDS],
      ),
    );
    list.replaceChildren(...shown);
    list.hidden = shown.length === 0;
    none.hidden = shown.length > 0;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    show(Object.fromEntries(Object.keys(FIELDS).map((name) => [name, String(data.get(name) ?? '')])));
  });
  // The form clears its selects itself; the list follows.
  form.addEventListener('reset', () => show({}));
  return undefined;
};

export default jobList;
