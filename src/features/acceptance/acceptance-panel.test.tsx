// @vitest-environment jsdom
// The «recorded» line names where the acceptance is kept: the LMS's comments when the runtime's
// capability says so (decisions 0156, 0220), the plain line otherwise.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AcceptanceChannel } from '../../tracking/port.ts';
import { es } from '../../strings/es.ts';
import { AcceptancePanel } from './acceptance-panel.tsx';

afterEach(cleanup);

const recorded: AcceptanceChannel = {
  accept: () => {},
  status: () => 'recorded',
  onStatus: () => () => {},
};

describe('AcceptancePanel, once the acceptance is kept', () => {
  it('says it is in the course comments when the runtime keeps it there', () => {
    render(<AcceptancePanel channel={recorded} statement="Acepto." inLmsComments />);
    expect(screen.getByRole('status').textContent).toBe(es.acceptance.lmsRecorded);
  });

  it('says only that it was recorded elsewhere', () => {
    render(<AcceptancePanel channel={recorded} statement="Acepto." />);
    expect(screen.getByRole('status').textContent).toBe(es.acceptance.recorded);
  });
});

describe('AcceptancePanel, after a refusal for good (record 0261)', () => {
  it('says why the last «Acepto» was not recorded and offers it again', () => {
    const refused: AcceptanceChannel = {
      accept: () => {},
      status: () => 'none',
      refusal: () => 'archived-cycle',
      onStatus: () => () => {},
    };
    render(<AcceptancePanel channel={refused} statement="Acepto." />);
    expect(screen.getByRole('status').textContent).toBe(es.acceptance.refused['archived-cycle']);
    expect(screen.getByRole('button', { name: es.acceptance.accept })).toBeTruthy();
  });
});
