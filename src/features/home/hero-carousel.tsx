import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { LineIcon } from '../../components/icons.tsx';
import { KeepWhole } from '../../components/keep-whole.tsx';
import { SiteLink } from '../../components/site-link.tsx';
import type { HomeContent } from '../../shared/content-types.ts';

type Slide = HomeContent['slides'][number];

// Self-hosted slide videos by their path in content (inside src/assets/videos/), as built URLs.
const videoUrls = import.meta.glob<string>('../assets/videos/**/*.{mp4,webm}', { query: '?url', import: 'default', eager: true });

const icons = {
  pause: 'M9 6v12M15 6v12',
  play: 'M8 5.5v13l10.5-6.5z',
  previous: 'M15 6l-6 6 6 6',
  next: 'M9 6l6 6-6 6',
};

/**
 * The home page's full-screen hero: the page's h1 above a carousel of slides (the APG carousel
 * with buttons). Autoplays every 10 s with a 1 s fade and wraps around; the visitor can pause it,
 * and it holds still while the pointer or keyboard focus is inside it. It never starts under
 * reduced motion. Slides other than the current one are inert.
 */
export function HeroCarousel({ title, slides }: { title: string; slides: Slide[] }) {
  const t = useT();
  const total = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const rotating = playing && !hover && !focus && total > 1;

  useEffect(() => {
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const stop = () => {
      if (query.matches) setPlaying(false);
    };
    stop();
    query.addEventListener('change', stop);
    return () => query.removeEventListener('change', stop);
  }, []);

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % total), 10_000);
    return () => clearTimeout(timer);
  }, [rotating, index, total]);

  const go = (i: number) => setIndex((i + total) % total);

  return (
    <section
      aria-roledescription={t('carousel.roleCarousel')}
      aria-label={t('carousel.label')}
      className="carousel hero flex flex-col"
      onPointerEnter={() => setHover(true)}
      onPointerLeave={() => setHover(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocus(false);
      }}
    >
      {/* One h1 for the page, the same over every slide; each slide's title is an h2. */}
      <h1 className="container-page pt-8 text-base font-semibold text-teal md:pt-12 md:text-lg">{title}</h1>
      {total > 1 ? (
        // First for the keyboard (the APG's order), shown under the slides.
        <div className="container-page order-last flex items-center gap-2 pt-2 pb-8 noscript:invisible md:pb-12">
          <button type="button" className="carousel-button" aria-label={t(playing ? 'carousel.pause' : 'carousel.play')} onClick={() => setPlaying(!playing)}>
            <LineIcon d={playing ? icons.pause : icons.play} />
          </button>
          <button type="button" className="carousel-button ml-2" aria-label={t('carousel.previous')} aria-controls="carousel-slides" onClick={() => go(index - 1)}>
            <LineIcon d={icons.previous} />
          </button>
          <span className="flex">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                className="carousel-dot"
                aria-label={t('carousel.goTo', { n: i + 1 })}
                aria-current={i === index || undefined}
                aria-controls="carousel-slides"
                onClick={() => go(i)}
              />
            ))}
          </span>
          <button type="button" className="carousel-button" aria-label={t('carousel.next')} aria-controls="carousel-slides" onClick={() => go(index + 1)}>
            <LineIcon d={icons.next} />
          </button>
        </div>
      ) : null}
      <div id="carousel-slides" className="container-page grid" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <SlideView key={i} slide={slide} n={i + 1} total={total} active={i === index} playing={playing} onWatch={() => setPlaying(false)} />
        ))}
      </div>
    </section>
  );
}

function SlideView({ slide, n, total, active, playing, onWatch }: { slide: Slide; n: number; total: number; active: boolean; playing: boolean; onWatch: () => void }) {
  const t = useT();
  const [watching, setWatching] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  // A video moves only on the current slide, and stops with the slideshow (the pause button, reduced motion).
  const moving = slide.type === 'video' && active && playing;
  useEffect(() => {
    if (moving) video.current?.play().catch(() => {});
    else video.current?.pause();
  }, [moving]);
  // Leaving a YouTube slide ends its video; its player is created only when asked for.
  if (watching && !active) setWatching(false);
  const embed = slide.type === 'youtube' && watching && active;
  useEffect(() => {
    if (embed) frame.current?.focus();
  }, [embed]);
  const image = slide.image;
  return (
    <div
      role="group"
      aria-roledescription={t('carousel.roleSlide')}
      aria-label={t('carousel.slide', { n, total })}
      inert={!active}
      className={`carousel-slide [grid-area:1/1] ${active ? 'is-active' : ''}`}
    >
      <div className="slide-art">
        {slide.type === 'video' ? (
          <video ref={video} className="carousel-media" src={videoUrls[`../assets/videos/${slide.video}`]} poster={image.src} aria-label={image.alt} muted loop playsInline preload="none" />
        ) : (
          // Only the first slide's picture is fetched at once (it is the page's largest paint); the others wait.
          <img className="carousel-media" src={image.src} width={image.width} height={image.height} alt={image.alt} {...(n === 1 ? { fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })} />
        )}
      </div>
      <div className="slide-body hero-text">
        <h2 className="hero-title">
          <KeepWhole text={slide.title} />
        </h2>
        {embed ? (
          <iframe
            ref={frame}
            className="mt-6 aspect-video w-full rounded-2xl bg-ink"
            src={`https://www.youtube-nocookie.com/embed/${slide.youtubeId}?autoplay=1&rel=0`}
            title={slide.title}
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <p className="hero-lead">{slide.description}</p>
        )}
        <p className="mt-7 flex flex-wrap gap-3">
          {slide.type === 'youtube' && !embed ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                onWatch();
                setWatching(true);
              }}
            >
              <LineIcon d={icons.play} />
              {t('carousel.playVideo')}
            </button>
          ) : null}
          <SiteLink href={slide.cta.href} className="btn btn-primary">
            {slide.cta.label}
          </SiteLink>
        </p>
        {slide.type === 'youtube' && !embed ? <p className="mt-3 text-sm text-ink/70">{t('carousel.youtubeNotice')}</p> : null}
      </div>
    </div>
  );
}
