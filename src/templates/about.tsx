import { FeatureIcon } from '../components/feature-icons.tsx';
import { Hero } from '../components/hero.tsx';
import { InlineText } from '../components/inline-text.tsx';
import { RichText } from '../components/rich-text.tsx';
import { CtaBanner } from '../components/cta-banner.tsx';
import { Claims } from '../features/home/claims.tsx';
import { Team } from '../components/team.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

/** The about page: hero, the lab's story beside its vision and mission, its claims, its people once the lab gives them, and a call to action. */
export default function AboutPage({ content: { hero, story, vision, mission, highlights, team, cta } }: TemplateProps<'about'>) {
  return (
    <>
      <Hero title={hero.title} description={hero.description} image={hero.image} photo={hero.photo} cta={hero.cta} />
      <section className="section" aria-labelledby="story-title">
        <div className="container-page grid gap-12 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-16">
          <div>
            <h2 id="story-title" className="section-title">
              {story.title}
            </h2>
            <div className="mt-6 text-lg">
              <RichText blocks={story.body} />
            </div>
          </div>
          <div className="flex flex-col gap-6 lg:pt-16">
            <div className="card border-0 bg-mint/70 shadow-none">
              <FeatureIcon name="sparkles" className="size-8 text-teal" />
              <h2 className="mt-4 text-2xl font-semibold text-deep">{vision.title}</h2>
              <p className="mt-3 text-ink/90">
                <InlineText text={vision.text} />
              </p>
            </div>
            <div className="card border-0 bg-deep text-white">
              <FeatureIcon name="heart" className="size-8 text-mint" />
              <h2 className="mt-4 text-2xl font-semibold">{mission.title}</h2>
              <p className="mt-3 text-white/90">
                <InlineText text={mission.text} linkClassName="underline" />
              </p>
            </div>
          </div>
        </div>
      </section>
      <Claims section={highlights} className="bg-sand/60" />
      {team ? <Team team={team} /> : null}
      <CtaBanner title={cta.title} text={cta.text} primary={cta.primary} secondary={cta.secondary} />
    </>
  );
}
