/** The key of a content file's form in the editor's model, from its path: "site", "collections/<name>" or "page". */
export function formKeyOf(path: string): string {
  if (path === 'pages/_site.json') return 'site';
  const collection = /^pages\/_collections\/([^/]+)\//.exec(path)?.[1];
  return collection ? `collections/${collection}` : 'page';
}
