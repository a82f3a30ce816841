/**
 * The Puck blocks of the benchmark: an opening banner (with the same background video as ours)
 * and a section of cards, drawn with plain elements and one stylesheet (blocks.css), as Puck's
 * own demo draws its blocks. Lighter than our site's components (Chakra, islands, counters that
 * count up, a logo ticker), which is the difference the benchmark shows.
 */
import './blocks.css';

const text = (label) => ({ type: 'text', label });
const area = (label) => ({ type: 'textarea', label });

export const config = {
  components: {
    Banner: {
      fields: {
        eyebrow: text('Eyebrow'),
        heading: text('Heading'),
        text: area('Text'),
        video: text('Background video'),
        poster: text('Video poster'),
        actions: {
          type: 'array',
          label: 'Buttons',
          arrayFields: { label: text('Label'), href: text('Link') },
          getItemSummary: (item) => item.label,
        },
      },
      render: ({ eyebrow, heading, text: body, video, poster, actions = [] }) => (
        <section className="banner">
          {video ? <video className="banner-video" src={video} poster={poster} autoPlay muted loop playsInline /> : null}
          <p className="eyebrow">{eyebrow}</p>
          <h1>{heading}</h1>
          <p>{body}</p>
          <div className="actions">
            {actions.map((action) => (
              <a key={action.label} className="button" href={action.href || '#'}>
                {action.label}
              </a>
            ))}
          </div>
        </section>
      ),
    },
    Section: {
      fields: {
        heading: text('Heading'),
        text: area('Introduction'),
        items: {
          type: 'array',
          label: 'Cards',
          arrayFields: { title: text('Title'), text: area('Text'), image: text('Picture') },
          getItemSummary: (item) => item.title,
        },
      },
      render: ({ heading, text: body, items = [] }) => (
        <section className="section">
          <h2>{heading}</h2>
          <p className="intro">{body}</p>
          <div className="cards">
            {items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id of their own
              <article key={index} className="card">
                {item.image ? <img src={item.image} alt="" width="48" height="48" /> : null}
                <h3>{item.title}</h3>
                {item.text ? <p>{item.text}</p> : null}
              </article>
            ))}
          </div>
        </section>
      ),
    },
  },
};
