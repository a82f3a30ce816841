import { Button, chakra } from '@chakra-ui/react';
import { type Dispatch, type FormEvent, useEffect, useMemo, useReducer } from 'react';
import { useLocation } from 'wouter';
import { ModalDialog } from '../../dialogs/ModalDialog';
import { Control } from '../../ui/styled';
import { api } from '../app/api';
import { EditorLink } from '../app/EditorLink';
import type { EditorModel, FileInfo } from '../../content/api-types';
import { keysFor } from '../file/snapshot';
import { readDraft, writeDraft } from '../file/stored-draft';
import { plural } from '../../content/plural';
import { initialList, type ListAction, listState, type NewPageForm } from './list-state';
import { SITE_FILE_NAME } from '../../content/site-file-name';

const GROUPS: { kind: FileInfo['kind']; heading: string }[] = [
  { kind: 'page', heading: 'Pages' },
  { kind: 'template', heading: 'Pages made for each entry' },
  { kind: 'entry', heading: 'Collection entries' },
  { kind: 'site', heading: SITE_FILE_NAME },
];

/**
 * What a file is called in the list. Its title alone can mislead: the home page's is a slogan,
 * and a template's is a placeholder ("{pageTitle}") filled in from each entry, so a template
 * is named after what its collection's schema calls one entry ("Page for each job").
 */
function nameOf(file: FileInfo, model: EditorModel): string {
  if (file.kind === 'page' && file.route === '/') return 'Home';
  if (file.kind !== 'template') return file.title;
  const entry = model.forms[`collections/${file.collection}`]?.title;
  return `Page for each ${typeof entry === 'string' ? entry.toLowerCase() : file.collection}`;
}

/** What "$schema" says in a file at this path: one ../ per folder between it and the project. */
const schemaRef = (path: string, schema: string): string => `${'../'.repeat(path.split('/').length - 1)}schemas/${schema}`;

/** The new-page dialog: an address, a title and a page to start from; `form` is what was typed, kept in the list's state. */
function NewPage({
  open,
  onClose,
  files,
  model,
  form,
  dispatch,
}: {
  open: boolean;
  onClose: () => void;
  files: FileInfo[];
  model: EditorModel;
  form: NewPageForm;
  dispatch: Dispatch<ListAction>;
}) {
  const [, navigate] = useLocation();
  const { address, title, from, error } = form;
  const refuse = (message: string): void => dispatch({ type: 'newPageRefused', message });
  const pages = files.filter((file) => file.kind === 'page');
  const create = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const route = address.trim().replace(/\/$/, '') || '/';
    if (route !== '/' && !/^(\/[a-z0-9]+(-[a-z0-9]+)*)+$/.test(route))
      return refuse('Write the address as / followed by lowercase words joined by hyphens, in folders: /services/cloud-migration.');
    const path = route === '/' ? 'pages/index.json' : `pages${route}.json`;
    if (files.some((file) => file.path === path || file.route === route)) return refuse(`${route} exists already: open it from the list.`);
    if (!title.trim()) return refuse('Give the page a title.');
    const source = from ? (await api.open(from)).value : {};
    const { $schema: _schema, schemaVersion: _version, title: _title, description, blocks, ...rest } = structuredClone(source);
    const ordered = {
      $schema: schemaRef(path, 'page.schema.json'),
      schemaVersion: model.version,
      title: title.trim(),
      description: typeof description === 'string' ? description : '',
      ...rest,
      blocks: Array.isArray(blocks) ? blocks : [],
    };
    if (!readDraft(path)) writeDraft(path, { base: null, present: { value: ordered, keys: keysFor(ordered) }, past: [], future: [] });
    onClose();
    navigate(`/edit?path=${encodeURIComponent(path)}`);
  };
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="New page"
      closeLabel="Cancel"
      description="Nothing is written until you save the page."
    >
      <chakra.form display="grid" gap="4" onSubmit={(event) => void create(event)}>
        <chakra.div display="grid" gap="1.5">
          <chakra.label htmlFor="new-address" fontWeight="600" textStyle="small">
            Address
          </chakra.label>
          <Control.input
            id="new-address"
            value={address}
            onChange={(event) => dispatch({ type: 'newPageTyped', field: 'address', value: event.target.value })}
            aria-describedby="new-address-help"
          />
          <chakra.p id="new-address-help" textStyle="small" color="text.muted">
            Where the page will be, like /services/cloud-migration.
          </chakra.p>
        </chakra.div>
        <chakra.div display="grid" gap="1.5">
          <chakra.label htmlFor="new-title" fontWeight="600" textStyle="small">
            Title
          </chakra.label>
          <Control.input
            id="new-title"
            value={title}
            onChange={(event) => dispatch({ type: 'newPageTyped', field: 'title', value: event.target.value })}
          />
        </chakra.div>
        <chakra.div display="grid" gap="1.5">
          <chakra.label htmlFor="new-from" fontWeight="600" textStyle="small">
            Start from
          </chakra.label>
          <Control.select
            id="new-from"
            value={from}
            onChange={(event) => dispatch({ type: 'newPageTyped', field: 'from', value: event.target.value })}
          >
            <option value="">A blank page</option>
            {pages.map((page) => (
              <option key={page.path} value={page.path}>
                A copy of {page.title} ({page.route})
              </option>
            ))}
          </Control.select>
        </chakra.div>
        {error ? (
          <chakra.p role="alert" color="red.700" textStyle="small">
            {error}
          </chakra.p>
        ) : null}
        <chakra.div>
          <Button type="submit">Create the page</Button>
        </chakra.div>
      </chakra.form>
    </ModalDialog>
  );
}

/** Every content file, by kind, with its address and how many problems it has. Its state is one reducer (list-state.ts). */
export function FileList({ model }: { model: EditorModel }) {
  const [state, dispatch] = useReducer(listState, initialList);
  const { files, error, creating, query, changed } = state;
  // Read once per listing: a draft is written only from an editor, which this list is not.
  const drafts = useMemo(() => new Set((files ?? []).filter((file) => readDraft(file.path)).map((file) => file.path)), [files]);
  const words = query.trim().toLowerCase();
  const shown = files?.filter(
    (file) => !words || [nameOf(file, model), file.title, file.route ?? file.path].some((text) => text.toLowerCase().includes(words)),
  );
  useEffect(() => {
    document.title = 'Pages – Page editor';
    api
      .files()
      .then((listed) => dispatch({ type: 'listed', files: listed }))
      .catch((failure: Error) => dispatch({ type: 'listFailed', message: failure.message }));
    api
      .publishing()
      .then(async ({ available }) => dispatch({ type: 'counted', changed: available ? (await api.changes()).changes.length : null }))
      .catch(() => dispatch({ type: 'counted', changed: null }));
  }, []);
  return (
    <chakra.main maxW="6xl" mx="auto" p={{ base: '4', md: '8' }}>
      <chakra.div display="flex" flexWrap="wrap" gap="3" alignItems="center" mb="6">
        <chakra.h1 textStyle="h2" me="auto">
          Pages
        </chakra.h1>
        {changed === null ? null : <EditorLink href="/changes">{`Changes (${changed})`}</EditorLink>}
        {changed === null ? null : <EditorLink href="/reviews">Reviews</EditorLink>}
        {changed === null ? null : <EditorLink href="/deleted">Deleted pages</EditorLink>}
        <Button onClick={() => dispatch({ type: 'newPageOpened' })}>New page</Button>
      </chakra.div>
      {error ? <chakra.p role="alert">{error}</chakra.p> : null}
      {files === null && !error ? <chakra.p>Reading the content files…</chakra.p> : null}
      {files ? (
        <chakra.div display="grid" gap="1.5" maxW="md" mb="6">
          <chakra.label htmlFor="file-search" fontWeight="600" textStyle="small">
            Find a page
          </chakra.label>
          <Control.input
            id="file-search"
            type="search"
            value={query}
            onChange={(event) => dispatch({ type: 'searched', query: event.target.value })}
            aria-describedby="file-search-help"
          />
          <chakra.p id="file-search-help" textStyle="small" color="text.muted">
            Part of its title or address, like careers or /services.
          </chakra.p>
        </chakra.div>
      ) : null}
      {/* Always there, so that a screen reader hears how many pages each search leaves. */}
      <chakra.p role="status" mb={words ? '4' : undefined}>
        {!words || !shown
          ? ''
          : shown.length === 0
            ? `No page has “${query.trim()}” in its title or address.`
            : `${plural(shown.length, 'page')} found.`}
      </chakra.p>
      {shown
        ? GROUPS.map(({ kind, heading }) => {
            // The home page first: it is the one people look for.
            const isHome = (file: FileInfo): number => Number(file.kind === 'page' && file.route === '/');
            const group = shown.filter((file) => file.kind === kind).sort((a, b) => isHome(b) - isHome(a));
            if (group.length === 0) return null;
            return (
              <chakra.section key={kind} mb="8" aria-labelledby={`group-${kind}`}>
                <chakra.h2 id={`group-${kind}`} textStyle="h3" mb="3">
                  {heading}
                </chakra.h2>
                <chakra.table w="full" textStyle="small" borderCollapse="collapse">
                  <thead>
                    <tr>
                      {['Title', kind === 'entry' ? 'Collection' : 'Address', 'Problems'].map((column) => (
                        <chakra.th key={column} textAlign="start" p="2" borderBottomWidth="1px" borderColor="line.default" scope="col">
                          {column}
                        </chakra.th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {group.map((file) => (
                      <tr key={file.path}>
                        <chakra.td p="2" borderBottomWidth="1px" borderColor="line.subtle">
                          <EditorLink href={`/edit?path=${encodeURIComponent(file.path)}`} data-file={file.path}>
                            {nameOf(file, model)}
                          </EditorLink>
                          {file.kind === 'page' && file.route === '/' ? (
                            <chakra.span color="text.muted"> · {file.title}</chakra.span>
                          ) : null}
                          {drafts.has(file.path) ? (
                            <chakra.span display="block" fontWeight="600" data-draft="">
                              Unsaved changes
                            </chakra.span>
                          ) : null}
                        </chakra.td>
                        <chakra.td p="2" borderBottomWidth="1px" borderColor="line.subtle" color="text.muted" overflowWrap="anywhere">
                          {kind === 'entry' ? file.collection : (file.route ?? file.path)}
                        </chakra.td>
                        <chakra.td
                          p="2"
                          borderBottomWidth="1px"
                          borderColor="line.subtle"
                          color={file.problems > 0 ? 'red.700' : 'text.muted'}
                          fontWeight={file.problems > 0 ? '650' : undefined}
                        >
                          {file.problems === 0 ? 'none' : file.problems}
                        </chakra.td>
                      </tr>
                    ))}
                  </tbody>
                </chakra.table>
              </chakra.section>
            );
          })
        : null}
      {files ? (
        <NewPage
          open={creating}
          onClose={() => dispatch({ type: 'newPageClosed' })}
          files={files}
          model={model}
          form={state.newPage}
          dispatch={dispatch}
        />
      ) : null}
    </chakra.main>
  );
}
