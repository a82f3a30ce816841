/** Why a version did not go live, as the editor shows it after "Not live:" (live-reasons.ts): the place of a content problem in the person's terms. */
import { describe, expect, it } from 'vitest';
import { liveReasons } from '../../../../scripts/site-server/follow/live-reasons';

const failed = (output: string) => liveReasons.buildFailed(output);

describe('a build the live site could not make', () => {
  it('names the place of the problem its checks found as the person knows it, with no file, line or code', () => {
    const output = [
      '> build',
      'pages/services/cloud.json:12:5  blocks[0].heading: "Heading" must be at most 90 characters long; it has 97. Shorten it. [tooLong]',
    ].join('\n');
    expect(failed(output)).toBe(
      'The live site could not build this version, so visitors still see the site as it was. It found this in the page at /services/cloud: "Heading" must be at most 90 characters long; it has 97. Shorten it. Fix that and publish again.',
    );
    expect(failed('pages/index.json:3:1  title: "Title" is empty [empty]')).toContain(
      'It found this in the page at /: "Title" is empty. Fix',
    );
    expect(failed('pages/_site.json:8:9  nav[1].label: "Label" is empty [empty]')).toContain(
      'It found this in the menus, footer and site settings: "Label" is empty.',
    );
    expect(failed('pages/_collections/case-studies/acme.json:2:3  summary: "Summary" is empty [empty]')).toContain(
      'It found this in the entry “acme” of the case-studies collection: "Summary" is empty.',
    );
    for (const said of [failed(output), failed('pages/_site.json:1:1  x [syntax]')]) expect(said).not.toMatch(/\.json|:\d+:\d+|\[\w+\]/);
  });

  it('quotes nothing else of what the build printed, which may name the server’s folders', () => {
    const said = failed('Error: EACCES: permission denied, open /srv/site/dist/index.html\n    at writeFileSync');
    expect(said).toBe(
      "The live site could not build this version, so visitors still see the site as it was. Ask a developer to look at the live site's log, then publish again.",
    );
  });

  it('cuts a long problem short', () => {
    const said = failed(`pages/about.json:1:1  title: ${'word '.repeat(200)}[tooLong]`);
    expect(said.length).toBeLessThan(500);
    expect(said).toContain('…');
  });
});
