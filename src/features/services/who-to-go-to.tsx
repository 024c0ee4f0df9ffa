import { useShell, useT } from '../../lib/i18n.tsx';
import { Icon } from '../../components/icons.tsx';

/** The anchor of the block, for links such as the home page's "Who do I go to?". */
export const whoToGoToId = 'who-to-go-to';

const steps = [
  ['patientGuide.dentistTitle', 'patientGuide.dentistText'],
  ['patientGuide.denturistTitle', 'patientGuide.denturistText'],
  ['patientGuide.repairTitle', 'patientGuide.repairText'],
  ['patientGuide.insuranceTitle', 'patientGuide.insuranceText'],
] as const;

/**
 * "Who do I go to?" for patients, on the home page and on every page written for them (audience: patient):
 * their dentist first, a denturist directly for a full denture, the lab itself for a broken denture, and what
 * the insurance pays. The lab never says it treats patients (decision 29); the repair is what it does for
 * them directly, with its phone number from site settings.
 */
export function WhoToGoTo() {
  const { shell } = useShell();
  const t = useT();
  const { phone } = shell.site;
  return (
    <section id={whoToGoToId} className="section bg-mint/40" aria-labelledby="who-to-go-to-title">
      <div className="container-page">
        <div className="max-w-3xl">
          <h2 id="who-to-go-to-title" className="section-title">
            {t('patientGuide.title')}
          </h2>
          <p className="measure mt-4 text-lg text-ink/85">{t('patientGuide.intro')}</p>
        </div>
        <ul className="mt-10 grid gap-5 md:grid-cols-2">
          {steps.map(([title, text]) => (
            <li key={title} className="card flex flex-col gap-3 border-l-4 border-l-teal">
              <h3 className="text-lg leading-snug font-semibold text-deep">{t(title)}</h3>
              <p className="text-ink/85">{t(text)}</p>
              {title === 'patientGuide.repairTitle' ? (
                <p className="mt-auto pt-1">
                  <a href={`tel:${phone.e164}`} className="link inline-flex items-center gap-2">
                    <Icon name="phone" className="size-4 shrink-0" />
                    {t('patientGuide.callUs', { phone: phone.display })}
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
