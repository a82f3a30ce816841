/**
 * loadSite's last checking stage: where links lead. It runs once every route and anchor is
 * known, and reports each checked document's problems with its links' own, which say
 * precisely what the schema's patterns could only call "not in the expected form".
 */
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { linkProblems } from '../checks/link-problems';
import { fileProblem } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import { filesInside } from '../real-path-inside';
import { endpointProblems } from '../checks/endpoint-problems';
import { display, type SiteContext, titleAt } from './site-context';

/**
 * Every file of public/ is published, named by a page or not (the build copies the folder
 * whole): a link out of it, to nothing or round a loop is refused where it lies, even when
 * nothing names it. Then every checked document's links, files and form endpoints must lead
 * somewhere real, and the document's problems join the site's.
 */
export function checkLinks(site: SiteContext): void {
  const publicDir = join(site.root, 'public');
  const inPublic = filesInside(publicDir);
  // Met again through a link to its folder ("pictures/loop" for "images/loop"), it is the same link.
  const whereItLies = (link: string): boolean =>
    realpathSync(join(publicDir, dirname(link))) === join(realpathSync(publicDir), dirname(link));
  for (const { link, target, reason, folder } of inPublic.refused.filter((each) => whereItLies(each.link))) {
    const file = display(site, join(publicDir, link));
    site.problems.push(fileProblem(file, problem('linkedPublicFile', file, target, reason, folder)));
  }
  const targets = {
    routes: new Set(site.routeOwners.keys()),
    anchors: site.anchors,
    publicDir,
    publicFiles: inPublic.files.map((path) => `/${path}`),
    found: new Map(),
  };
  for (const { doc, rootKey } of site.checked) {
    const title = (path: (string | number)[]) => titleAt(site, rootKey, doc.value, path);
    const found = [...linkProblems(doc, { ...targets, title }), ...(rootKey === 'site.schema.json' ? endpointProblems(doc, title) : [])];
    const said = new Set(found.map((each) => each.path));
    site.problems.push(
      ...doc.problems.filter((each) => !(said.has(each.path) && (each.code === 'custom' || each.code === 'badForm'))),
      ...found,
    );
  }
}
