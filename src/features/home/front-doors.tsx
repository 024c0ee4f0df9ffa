import { SiteLink } from '../../components/site-link.tsx';
import { KeepWhole } from '../../components/keep-whole.tsx';
import type { HomeContent, ResolvedImage } from '../../shared/content-types.ts';

type Door = HomeContent['doors']['dentist'];

/**
 * The home page's first screen: the page's h1 (with the page's picture beside it from 64rem) and, side by
 * side from 48rem (one above the other on a phone, both within its first screen), the dentist's door and
 * the patient's, each with one button and one link. The dentist's is the dark one: the lab's customers are
 * dentists.
 */
export function FrontDoors({ title, description, image, doors }: { title: string; description: string; image?: ResolvedImage; doors: HomeContent['doors'] }) {
  return (
    <section className="front-doors" aria-labelledby="page-title">
      <div className="container-page pt-5 pb-10 md:pt-12 md:pb-14">
        <div className="lg:flex lg:items-center lg:justify-between lg:gap-12">
          <div>
            <h1 id="page-title" className="front-doors-title">
              <KeepWhole text={title} />
            </h1>
            <p className="measure mt-4 hidden text-lg text-ink/80 md:block">{description}</p>
          </div>
          {image ? (
            <picture className="front-doors-art">
              {/* Only a screen wide enough to show the picture fetches it. */}
              <source media="(width >= 64rem)" srcSet={image.src} />
              <img width={image.width} height={image.height} alt={image.alt} decoding="async" />
            </picture>
          ) : null}
        </div>
        <div className="mt-5 grid gap-4 md:mt-8 md:grid-cols-2 md:gap-6">
          <DoorCard id="door-dentist" door={doors.dentist} dark />
          <DoorCard id="door-patient" door={doors.patient} />
        </div>
      </div>
    </section>
  );
}

function DoorCard({ id, door, dark = false }: { id: string; door: Door; dark?: boolean }) {
  return (
    <section aria-labelledby={id} className={`front-door ${dark ? 'bg-deep text-white' : 'bg-white text-ink ring-1 ring-deep/10'}`}>
      <h2 id={id} className={`text-xl leading-snug font-semibold md:text-2xl ${dark ? 'text-white' : 'text-deep'}`}>
        {door.title}
      </h2>
      <p className={`mt-2 ${dark ? 'text-white/90' : 'text-ink/85'}`}>{door.text}</p>
      <p className="mt-auto flex flex-wrap items-center gap-x-5 gap-y-2 pt-4 md:pt-6">
        <SiteLink href={door.cta.href} className={`btn ${dark ? 'btn-light' : 'btn-primary'}`}>
          {door.cta.label}
        </SiteLink>
        <SiteLink href={door.link.href} className={`front-door-link ${dark ? 'text-white' : 'text-teal'}`}>
          {door.link.label}
        </SiteLink>
      </p>
    </section>
  );
}
