/**
 * The review settings (scripts/review-settings.json): checked by npm run validate's check, located
 * as every problem is; and as running editors on two checkouts of one bare remote apply them,
 * behind a trusted sign-in proxy (each person is the proxy's user): with approval required, only
 * a reviewer publishes directly, only a reviewer approves, never their own review; preview links
 * last the days set.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../../scripts/content/checks/create-validator';
import { git } from '../../../scripts/publish/git/git';
import { reviewSettings, reviewSettingsProblems } from '../../../scripts/publish/review/review-settings';
import { edit, retitle } from '../publish/content-edits';
import { root } from '../../helpers/project';
import { publishingEditors } from './publishing-editors';

const { send, published, repos, editorOn } = publishingEditors();
const ABOUT = 'pages/about.json';
const post = (body: unknown, as: { name: string; email: string }) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'X-Forwarded-User': as.name, 'X-Forwarded-Email': as.email },
});
const ANA = { name: 'Ana Editor', email: 'ana@example.com' };
const RUI = { name: 'Rui Reviewer', email: 'rui@example.com' };
const SAM = { name: 'Sam Senior', email: 'Sam@Example.com' };

const scratch = mkdtempSync(join(tmpdir(), 'review-settings-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A project folder holding the settings' schema and `text` as the settings file. */
function projectWith(text: string | null): string {
  const folder = mkdtempSync(join(scratch, 'project-'));
  cpSync(join(root, 'schemas/settings'), join(folder, 'schemas/settings'), { recursive: true });
  if (text !== null) {
    mkdirSync(join(folder, 'scripts'));
    writeFileSync(join(folder, 'scripts/review-settings.json'), text);
  }
  return folder;
}

describe('the review settings file', () => {
  it('means no approval, week-long links and no reviewers when it is missing; the project’s own passes', () => {
    expect(reviewSettings(projectWith(null))).toEqual({ approvalRequired: false, linkDays: 7, reviewers: [] });
    expect(reviewSettingsProblems(root)).toEqual([]);
  });

  it('is refused where each value is wrong, at its line and column, and when it is no JSON', () => {
    const folder = projectWith(
      '{\n  "approvalRequired": "yes",\n  "linkDays": 0,\n  "reviewers": [{ "name": "Rui" }],\n  "approvers": []\n}\n',
    );
    expect(reviewSettingsProblems(folder).map(formatProblem)).toEqual([
      'scripts/review-settings.json:5:3  approvers: the review settings have a setting they do not know, "approvers"; see the description of each setting in schemas/settings/review-settings.schema.json. [reviewSettings]',
      'scripts/review-settings.json:2:23  approvalRequired: the review settings have a value that must be boolean; see the description of each setting in schemas/settings/review-settings.schema.json. [reviewSettings]',
      'scripts/review-settings.json:3:15  linkDays: the review settings have a value that must be >= 1; see the description of each setting in schemas/settings/review-settings.schema.json. [reviewSettings]',
      "scripts/review-settings.json:4:17  reviewers[0]: the review settings have a value that must have required property 'email'; see the description of each setting in schemas/settings/review-settings.schema.json. [reviewSettings]",
    ]);
    expect(reviewSettings(folder)).toEqual({
      problem:
        "The site's review settings cannot be read, so nothing can be published or approved until they are fixed: ask whoever looks after the site's code.",
    });
    expect(reviewSettingsProblems(projectWith('{ "approvalRequired": true,')).map((each) => each.code)).toEqual(['reviewSettings']);
  });
});

describe('with approval required', () => {
  it('only a reviewer publishes directly or approves, never their own review; links last the days set', async () => {
    const { remote, checkout } = await published('approval', null, true);
    const settings = { approvalRequired: true, linkDays: 2, reviewers: [RUI, SAM] };
    mkdirSync(join(checkout, 'scripts'), { recursive: true });
    writeFileSync(join(checkout, 'scripts/review-settings.json'), JSON.stringify(settings));
    const editor = await editorOn(checkout, true);
    expect((await send(editor, '/__editor/api/publishing')).json()).toEqual({
      available: true,
      approval: { required: true, reviewers: [RUI, SAM] },
    });

    // Ana is no reviewer: Publish is refused in words, and nothing is committed.
    edit(checkout, ABOUT, retitle('Who we are', 'Who we are, approved'));
    const refused = await send(editor, '/__editor/api/publish', post({ paths: [ABOUT], message: 'About: approved' }, ANA));
    expect(refused.json()).toEqual({
      status: 'refused',
      reason: 'author',
      message:
        'On this site a reviewer approves each change before it is published: send it with Ask for review. Reviewers: Rui Reviewer and Sam Senior.',
    });
    expect((await git(remote, ['log', '--format=%s', 'main'])).stdout.trim()).toBe('The site as published');

    // She asks for review; she cannot approve it, nor can Rui approve a review of his own.
    const asked = (await send(editor, '/__editor/api/ask-review', post({ paths: [ABOUT], message: 'About: approved' }, ANA))).json() as {
      review: { id: string; tip: string };
    };
    const approveAs = async (who: typeof ANA, id = asked.review.id, tip = asked.review.tip) =>
      (await send(editor, '/__editor/api/approve-review', post({ id, tip }, who))).json();
    expect(await approveAs(ANA)).toEqual({
      status: 'refused',
      reason: 'author',
      message: "Only the site's reviewers approve reviews: Rui Reviewer and Sam Senior. Ask one of them, or ask for changes.",
    });

    // A preview link shared now lasts the two days set; sharing it does not make the version Rui saw stale.
    const other = await repos.clone(remote, 'approval-rui', null);
    mkdirSync(join(other, 'scripts'), { recursive: true });
    writeFileSync(join(other, 'scripts/review-settings.json'), JSON.stringify(settings));
    const rui = await editorOn(other, true);
    const before = Date.now();
    const { startEditor } = await import('../../../scripts/editor/start-editor');
    const sharing = await startEditor({
      codeRoot: root,
      contentRoot: checkout,
      host: '127.0.0.1',
      port: 0,
      trustProxy: true,
      preview: { site: 'http://127.0.0.1:9', secret: 'a secret of sixteen and more' },
    });
    try {
      const shared = (await send(sharing, '/__editor/api/share-preview', post({ id: asked.review.id }, ANA))).json() as {
        review: { links: { expires: string }[] };
      };
      const lasts = Date.parse(shared.review.links[0]?.expires ?? '') - before;
      expect(lasts).toBeGreaterThan(2 * 86_400_000 - 60_000);
      expect(lasts).toBeLessThan(2 * 86_400_000 + 60_000);
    } finally {
      await sharing.close();
    }
    expect(await approveAs(RUI)).toMatchObject({ status: 'published' });
    expect((await git(remote, ['log', '-1', '--format=%an|%cn|%s', 'main'])).stdout.trim()).toBe('Ana Editor|Rui Reviewer|About: approved');

    // Rui may publish directly (his address as the proxy gives it, in any case); his own review is approved by another.
    await git(other, ['pull', '-q']);
    edit(other, ABOUT, retitle('Who we are, approved', 'Who we are, directly'));
    expect((await send(rui, '/__editor/api/publish', post({ paths: [ABOUT], message: 'About: directly' }, RUI))).json()).toMatchObject({
      status: 'published',
    });
    edit(other, ABOUT, retitle('Who we are, directly', 'Who we are, his own'));
    const his = (await send(rui, '/__editor/api/ask-review', post({ paths: [ABOUT], message: 'About: his own' }, RUI))).json() as {
      review: { id: string; tip: string };
    };
    expect(await approveAs(RUI, his.review.id, his.review.tip)).toEqual({
      status: 'refused',
      reason: 'author',
      message: 'You asked for this review, so another reviewer approves it.',
    });
    expect(await approveAs({ name: 'Sam Senior', email: 'sam@example.com' }, his.review.id, his.review.tip)).toMatchObject({
      status: 'published',
    });
  });
});
