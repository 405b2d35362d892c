import { renderToStaticMarkup } from 'react-dom/server';
import { SingleFieldForm } from './SingleFieldForm';

const render = (error?: string | null) =>
  renderToStaticMarkup(
    <SingleFieldForm
      onSubmit={() => undefined}
      field={{ label: 'Their email', type: 'email', value: 'a@b.co', onChange: () => undefined }}
      error={error}
      submit={{ text: 'Buy the gift', disabled: false }}
    >
      <p>after</p>
    </SingleFieldForm>,
  );

describe('a one-field form', () => {
  it('ties its label to its input, so the field is found and read by its label', () => {
    const html = render();
    const labelFor = /<label for="([^"]+)">Their email<\/label>/.exec(html)?.[1];
    expect(labelFor).toBeTruthy();
    expect(html).toContain(`<input id="${labelFor}" type="email" value="a@b.co"/>`);
  });

  it('shows the error before the button and what the form adds after it', () => {
    const html = render('Enter a valid email');
    expect(html.indexOf('Enter a valid email')).toBeLessThan(html.indexOf('Buy the gift'));
    expect(html.indexOf('Buy the gift')).toBeLessThan(html.indexOf('<p>after</p>'));
    expect(html).toContain('<button type="submit" class="button primary">Buy the gift</button>');
    expect(render(null)).not.toContain('form-error');
  });

  // WCAG 3.3.1: the error is the field's, so the field is marked invalid and names it
  it('ties its error to its field', () => {
    const html = render('Enter a valid email');
    const errorId = /<p class="form-error" role="alert" id="([^"]+)">Enter a valid email<\/p>/.exec(html)?.[1];
    expect(errorId).toBeTruthy();
    expect(html).toMatch(new RegExp(`<input [^>]*aria-invalid="true" aria-describedby="${errorId}"`));
    expect(render(null)).not.toContain('aria-invalid');
    expect(render(null)).not.toContain('aria-describedby');
  });

  it("names the field's own description before its error", () => {
    const html = renderToStaticMarkup(
      <SingleFieldForm
        onSubmit={() => undefined}
        field={{ label: 'Username', value: 'x', onChange: () => undefined, 'aria-describedby': 'status' }}
        error="Failed"
        submit={{ text: 'Save', disabled: false }}
      />,
    );
    const errorId = /id="([^"]+)">Failed/.exec(html)?.[1];
    expect(html).toContain(`aria-describedby="status ${errorId}"`);
  });
});
