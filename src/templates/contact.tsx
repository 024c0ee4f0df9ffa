import { lazy, Suspense, useState } from 'react';
import { useShell, useT } from '../lib/i18n.tsx';
import { Hero } from '../components/hero.tsx';
import { Icon, LineIcon, iconClock } from '../components/icons.tsx';
import { NewTabLink } from '../components/new-tab-link.tsx';
import { ContactForm } from '../features/forms/contact-form.tsx';
import { FeedbackProvider } from '../features/forms/feedback.tsx';
import { FormCard } from '../features/forms/form-card.tsx';
import { OpeningHours } from '../components/opening-hours.tsx';
import type { TemplateProps } from '../shared/content-types.ts';

// Most sites run without a chat: its code loads only where one is configured.
const ChatStarter = lazy(() => import('../features/contact/chat-starter.tsx').then((module) => ({ default: module.ChatStarter })));

/** The contact page: the form, the lab's details and hours, and the map that loads only on request. */
export default function ContactPage({ content }: TemplateProps<'contact'>) {
  const { shell } = useShell();
  const t = useT();
  const { site } = shell;
  const address = `${site.address.street}, ${site.address.postalCode} ${site.address.city}`;
  return (
    <FeedbackProvider>
      {/* Calling comes first here: the hero's button rings the lab (the number from site settings). */}
      <Hero
        title={content.hero.title}
        description={content.hero.description}
        image={content.hero.image}
        photo={content.hero.photo}
        cta={{ label: t('contact.callPhone', { phone: site.phone.display }), href: `tel:${site.phone.e164}` }}
      />
      <div className="section">
        <div className="container-page grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <FormCard title={content.form.title} intro={content.form.intro} section>
            <ContactForm />
          </FormCard>
          <div className="grid gap-6">
            <section className="card bg-mint/40" aria-labelledby="card-title">
              <h2 id="card-title" className="text-xl font-semibold text-deep">
                {content.card.title}
              </h2>
              <ul className="mt-5 grid gap-4">
                <li className="flex gap-3">
                  <Icon name="pin" className="mt-0.5 size-5 shrink-0 text-teal" />
                  <span>
                    <span className="block text-sm font-semibold text-deep">{t('contact.visitUs')}</span>
                    <span className="block">{site.legalName}</span>
                    <span className="block">{site.address.street}</span>
                    <span className="block">
                      {site.address.postalCode} {site.address.city}
                    </span>
                  </span>
                </li>
                <li className="flex gap-3">
                  <Icon name="phone" className="mt-0.5 size-5 shrink-0 text-teal" />
                  <span>
                    <span className="block text-sm font-semibold text-deep">{t('contact.callUs')}</span>
                    <a href={`tel:${site.phone.e164}`} className="link">
                      {site.phone.display}
                    </a>
                  </span>
                </li>
                <li className="flex gap-3">
                  <Icon name="mail" className="mt-0.5 size-5 shrink-0 text-teal" />
                  <span>
                    <span className="block text-sm font-semibold text-deep">{t('contact.mailUs')}</span>
                    <a href={`mailto:${site.email}`} className="link break-all">
                      {site.email}
                    </a>
                  </span>
                </li>
              </ul>
              <h3 className="mt-6 flex items-center gap-2 font-semibold text-deep">
                <LineIcon d={iconClock} className="size-5 text-teal" />
                {t('footer.hoursTitle')}
              </h3>
              <OpeningHours className="mt-2" />
            </section>
            {/* data-embed marks the page for the build: its CSP then allows the chat's sources. */}
            {site.chatWidgetId ? (
              <div data-embed="chat">
                <Suspense fallback={null}>
                  <ChatStarter widgetId={site.chatWidgetId} />
                </Suspense>
              </div>
            ) : null}
          </div>
        </div>
      </div>
      <LabMap title={content.map.title} text={content.map.text} address={address} geo={site.geo} />
    </FeedbackProvider>
  );
}

/**
 * "Lab location": the address as text and a link to open it in maps; the map itself (OpenStreetMap)
 * is loaded only after the visitor asks for it, so no other site sees a visit they did not choose.
 */
function LabMap({ title, text, address, geo }: { title: string; text: string; address: string; geo: { lat: number; lon: number } }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const { lat, lon } = geo;
  const bbox = [lon - 0.008, lat - 0.004, lon + 0.008, lat + 0.004].map((n) => n.toFixed(5)).join(',');
  const embed = `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lon}`;
  const open = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  return (
    <section className="section bg-sand/60" aria-labelledby="map-title">
      <div className="container-page">
        <h2 id="map-title" className="section-title">
          {title}
        </h2>
        <div className="mt-8 overflow-hidden rounded-3xl border border-deep/10 bg-white">
          {shown ? (
            <figure>
              <iframe
                src={embed}
                title={title}
                className="block h-[420px] w-full border-0 bg-sand/60"
                loading="lazy"
                referrerPolicy="no-referrer"
                sandbox="allow-scripts allow-same-origin allow-popups"
              />
              {/* A frame blocked by the browser, an extension or the network shows nothing the page can read, so the
                  address and the way to the map stay beside it, whatever the frame shows. */}
              <figcaption className="flex flex-col gap-3 border-t border-deep/10 p-5 sm:flex-row sm:items-center sm:justify-between">
                <span className="flex gap-3">
                  <Icon name="pin" className="mt-0.5 size-5 shrink-0 text-teal" />
                  <span>
                    <span className="block font-semibold text-deep">{address}</span>
                    <span className="block text-sm text-ink/80">{t('contact.mapFallback')}</span>
                  </span>
                </span>
                <NewTabLink href={open} className="btn btn-secondary shrink-0">
                  {t('contact.openInMaps')}
                </NewTabLink>
              </figcaption>
            </figure>
          ) : (
            <div className="map-placeholder grid min-h-[420px] place-items-center p-6 text-center">
              <div className="max-w-md">
                <span className="mx-auto grid size-14 place-items-center rounded-full bg-white text-teal shadow">
                  <Icon name="pin" className="size-7" />
                </span>
                <p className="mt-4 text-lg font-semibold text-deep">{address}</p>
                <p className="mt-2 text-sm text-ink/80">{text}</p>
                <p className="mt-2 text-sm text-ink/80">{t('contact.mapNotice')}</p>
                <p className="mt-6 flex flex-wrap justify-center gap-3">
                  <button type="button" className="btn btn-primary noscript:hidden" onClick={() => setShown(true)}>
                    {t('contact.mapShow')}
                  </button>
                  <NewTabLink href={open} className="btn btn-secondary">
                    {t('contact.openInMaps')}
                  </NewTabLink>
                </p>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
