import { describe, expect, it } from 'vitest';
import { renderErrorPage } from '../../src/render/entry-render';
import { ErrorScreen } from '../../src/layout/ErrorScreen';
import { renderToHtml, textOf } from '../render-to-html';

describe('ErrorScreen', () => {
  it('shows the title with the status and status text, then the message', async () => {
    const { html } = await renderToHtml(
      <ErrorScreen
        title="Unexpected Application Error!"
        status={500}
        statusText="Internal Server Error"
        message="Cannot read properties of undefined"
      />,
    );
    expect(textOf(html)).toContain('Unexpected Application Error! 500 Internal Server Error Cannot read properties of undefined');
  });

  it('shows the message when there is no status, and the stack only when given one', async () => {
    const { html } = await renderToHtml(<ErrorScreen title="Unexpected Application Error!" message="Boom" />);
    expect(textOf(html).trim()).toBe('Unexpected Application Error! Boom');
    expect(html).not.toContain('<pre');
    const withStack = await renderToHtml(
      <ErrorScreen title="Unexpected Application Error!" message="Boom" stack="Error: Boom\n    at Page" />,
    );
    expect(withStack.html).toContain('<pre');
  });

  it('renders as a whole document with its styles in the head', async () => {
    const html = await renderErrorPage({ title: 'Unexpected Application Error!', status: 500, statusText: 'Internal Server Error' });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<title>Unexpected Application Error!</title>');
    expect(html).toMatch(/<head>[\s\S]*<style data-emotion="css [^"]+">[\s\S]*<\/head>/);
  });
});
