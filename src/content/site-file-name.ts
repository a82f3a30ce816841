/** What the editor calls the site file (pages/_site.json) everywhere a person reads it: by what it holds, not by its file. */
export const SITE_FILE_NAME = 'Menus, footer and site settings';
