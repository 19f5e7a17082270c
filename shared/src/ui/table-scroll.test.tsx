import { fireEvent, render, screen } from '@testing-library/react';
import { TableScroll, scrollStateOf } from './table-scroll';

describe('scrollStateOf', () => {
  it.each([
    [{ scrollWidth: 800, clientWidth: 800, scrollLeft: 0 }, { overflows: false, atEnd: true }],
    [{ scrollWidth: 800.5, clientWidth: 800, scrollLeft: 0 }, { overflows: false, atEnd: true }],
    [{ scrollWidth: 1400, clientWidth: 800, scrollLeft: 0 }, { overflows: true, atEnd: false }],
    [{ scrollWidth: 1400, clientWidth: 800, scrollLeft: 300 }, { overflows: true, atEnd: false }],
    [{ scrollWidth: 1400, clientWidth: 800, scrollLeft: 599.5 }, { overflows: true, atEnd: true }],
    [{ scrollWidth: 1400, clientWidth: 800, scrollLeft: 600 }, { overflows: true, atEnd: true }],
  ])('%j → %j', (box, state) => {
    expect(scrollStateOf(box)).toEqual(state);
  });
});

describe('TableScroll', () => {
  const widths = { scrollWidth: 800, clientWidth: 800 };
  let scrollBy: jest.Mock;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => widths.scrollWidth });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => widths.clientWidth });
  });
  afterAll(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  });
  beforeEach(() => {
    scrollBy = jest.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
  });

  const table = (
    <table aria-label="Clients">
      <tbody>
        <tr>
          <td>row</td>
        </tr>
      </tbody>
    </table>
  );

  it('shows no hint and no fade when the table fits its box', () => {
    Object.assign(widths, { scrollWidth: 800, clientWidth: 800 });
    const { container } = render(<TableScroll label="Clients table">{table}</TableScroll>);
    expect(screen.getByRole('table', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Scroll/ })).not.toBeInTheDocument();
    expect(container.querySelector('.bl-scroll__fade')).toBeNull();
    expect(screen.getByRole('region', { name: 'Clients table' })).not.toHaveAttribute('tabindex');
  });

  it('shows the hint and the fade while more lies to the right; the hint scrolls on; at the end a Scroll back button instead', () => {
    Object.assign(widths, { scrollWidth: 1400, clientWidth: 800 });
    const { container } = render(<TableScroll label="Clients table">{table}</TableScroll>);
    const box = screen.getByRole('region', { name: 'Clients table' });
    expect(box).toHaveClass('bl-table-wrap');
    expect(box).toHaveAttribute('tabindex', '0');
    const hint = screen.getByRole('button', { name: 'Scroll for more' });
    expect(container.querySelector('.bl-scroll__fade')).not.toBeNull();
    fireEvent.click(hint);
    expect(scrollBy).toHaveBeenCalledWith({ left: 640, behavior: 'smooth' });

    box.scrollLeft = 600;
    fireEvent.scroll(box);
    expect(screen.queryByRole('button', { name: /Scroll for more/ })).not.toBeInTheDocument();
    expect(container.querySelector('.bl-scroll__fade')).toBeNull();
    box.scrollTo = jest.fn();
    fireEvent.click(screen.getByRole('button', { name: 'Scroll back' }));
    expect(box.scrollTo).toHaveBeenCalledWith({ left: 0, behavior: 'smooth' });

    box.scrollLeft = 100;
    fireEvent.scroll(box);
    expect(screen.getByRole('button', { name: 'Scroll for more' })).toBeInTheDocument();
  });
});
