// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { PhotoCapture } from './PhotoCapture';

beforeEach(() => {
  const stream = { getTracks: () => [{ stop: vi.fn() }] };
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('taking a photo', () => {
  it('is possible only once the camera shows a picture', async () => {
    const user = userEvent.setup();
    renderWith(<PhotoCapture idPrefix="p" value={null} onChange={() => undefined} />, fakeCounter({}));
    await user.click(screen.getByRole('button', { name: 'Start camera' }));
    const take = await screen.findByRole('button', { name: 'Take photo' });
    expect(take.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Waiting for the camera’s picture…')).toBeTruthy();

    const preview = screen.getByLabelText('Camera preview') as HTMLVideoElement;
    Object.defineProperty(preview, 'videoWidth', { value: 1280 });
    fireEvent.loadedData(preview);
    expect(take.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Waiting for the camera’s picture…')).toBeNull();
  });
});
