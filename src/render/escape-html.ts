/**
 * Text made safe inside HTML, in element content and in quoted attribute values alike. Right for
 * XML too (sitemap.xml): &amp; &lt; &gt; &quot; are XML's own entities, and &#39; a character reference.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
