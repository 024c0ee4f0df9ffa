import type { AboutContent } from '../shared/content-types.ts';
import { Photo } from './photo.tsx';

/**
 * The people who make the work, each with their portrait (given with their consent) or, until the lab
 * sends one, their initial in its place: a face is never invented.
 */
export function Team({ team }: { team: NonNullable<AboutContent['team']> }) {
  return (
    <section className="section" aria-labelledby="team-title">
      <div className="container-page">
        <h2 id="team-title" className="section-title">
          {team.title}
        </h2>
        {team.intro ? <p className="measure mt-4 text-lg text-ink/85">{team.intro}</p> : null}
        <ul className="team-grid mt-10">
          {team.members.map((member) => (
            <li key={member.name}>
              <figure>
                {member.portrait ? (
                  <Photo photo={member.portrait} />
                ) : (
                  <span className="team-initial" aria-hidden="true">
                    {member.name.slice(0, 1)}
                  </span>
                )}
                <figcaption className="mt-4">
                  <span className="block text-lg font-semibold text-deep">{member.name}</span>
                  <span className="block text-ink/80">{member.role}</span>
                  {member.portrait ? <span className="photo-credit block">{member.portrait.credit}</span> : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
