import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paise } from '../lib/money';
import { BarChart, dayWords } from './bar-chart';

afterEach(cleanup);

describe('a chart of a figure per day', () => {
  it('says in words what it shows: the period and its highest day', () => {
    render(
      <BarChart
        title="Net revenue"
        days={['2026-11-25', '2026-11-26', '2026-11-27']}
        values={[0, 1_379_900, 250_000]}
        format={paise}
        summary="in all"
      />,
    );
    expect(screen.getByRole('img')).toHaveAccessibleName('Net revenue, 25 Nov to 27 Nov: highest Rs.\u00a013,799 on 26 Nov.');
  });

  it('draws a bar a day, a day of more refunds than sales under the line', () => {
    const { container } = render(
      <BarChart title="Net revenue" days={['2026-11-26', '2026-11-27']} values={[-50_000, 150_000]} format={paise} summary="" />,
    );
    const [down, up] = [...container.querySelectorAll('rect')];
    const line = Number(container.querySelector('line')?.getAttribute('y1'));
    expect(line).toBe(75);
    expect(Number(down?.getAttribute('y'))).toBe(line);
    expect(Number(up?.getAttribute('y')) + Number(up?.getAttribute('height'))).toBeCloseTo(line);
  });

  it('says when there is nothing yet', () => {
    render(<BarChart title="Refunds" days={['2026-11-27']} values={[0]} format={paise} summary="" />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Refunds, 27 Nov to 27 Nov: nothing yet.');
  });

  it('tells a shop day as people read it, whatever the zone of the computer', () => {
    expect(dayWords('2026-01-01')).toBe('1 Jan');
    expect(dayWords(undefined)).toBe('');
  });
});
