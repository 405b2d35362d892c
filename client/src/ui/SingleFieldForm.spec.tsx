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
});
