// Content HTML as plain text: for LMS reports (interaction descriptions), the answer key and the
// LMS preview's titles. Pure, so the browser and the Node-side scripts share it (decision 0205).

/** HTML as one line of plain text: tags become spaces, the common entities are decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}
