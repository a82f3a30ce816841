import type { IslandScript } from '../../../ui/define-island';

/**
 * Starts the banner's video and serves its pause button, unless the visitor asked for reduced
 * motion (then the button stays hidden and the video still). A browser that refuses to play
 * leaves the poster, and the button offers to play.
 */
const heroVideo: IslandScript = (island) => {
  const video = island.querySelector('video');
  const button = island.querySelector<HTMLButtonElement>('button[data-label-pause]');
  if (!video || !button) return undefined;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  let playing = true;
  const update = (): void => {
    button.hidden = reduced.matches;
    button.textContent = (playing ? button.dataset.labelPause : button.dataset.labelPlay) ?? '';
    // React does not write `muted` into server HTML; browsers only autoplay muted video.
    video.muted = true;
    if (playing && !reduced.matches)
      video.play().catch(() => {
        playing = false;
        update();
      });
    else video.pause();
  };
  button.addEventListener('click', () => {
    playing = !playing;
    update();
  });
  reduced.addEventListener('change', update);
  update();
  return () => reduced.removeEventListener('change', update);
};

export default heroVideo;
