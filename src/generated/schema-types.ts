/* Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand. */

/**
 * A name for a section, so that a link can lead straight to it: a block with the anchor "team" on /about is reached by /about#team. Lowercase letters, digits and hyphens, unique on its page.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Anchor".
 */
export type Anchor = string;
/**
 * Where a link leads: a path on this site (starting with /), a web address starting with https://, an email (mailto:) or a phone number (tel:).
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Link".
 */
export type Link = string;
/**
 * A small symbol drawn beside the text, from the Lucide set (lucide.dev/icons shows each one). Only the names listed here can be used; ask a developer to add another to schemas/defs.schema.json.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Icon".
 */
export type Icon =
  | 'accessibility'
  | 'award'
  | 'badge-check'
  | 'banknote'
  | 'book-open'
  | 'bot'
  | 'boxes'
  | 'braces'
  | 'brain'
  | 'briefcase-business'
  | 'bug'
  | 'building-2'
  | 'calendar-check'
  | 'car'
  | 'chart-column'
  | 'chart-line'
  | 'circle-check'
  | 'clipboard-check'
  | 'clock'
  | 'cloud'
  | 'cloud-cog'
  | 'code'
  | 'code-xml'
  | 'cog'
  | 'compass'
  | 'container'
  | 'database'
  | 'eye'
  | 'file-check'
  | 'file-text'
  | 'files'
  | 'gauge'
  | 'git-branch'
  | 'globe'
  | 'graduation-cap'
  | 'handshake'
  | 'headset'
  | 'heart-pulse'
  | 'hourglass'
  | 'infinity'
  | 'key-round'
  | 'languages'
  | 'layers'
  | 'layout-dashboard'
  | 'leaf'
  | 'life-buoy'
  | 'lightbulb'
  | 'list-checks'
  | 'lock'
  | 'mail'
  | 'map'
  | 'map-pin'
  | 'message-square'
  | 'messages-square'
  | 'monitor'
  | 'network'
  | 'newspaper'
  | 'package'
  | 'palette'
  | 'parking-meter'
  | 'pen-tool'
  | 'plug'
  | 'puzzle'
  | 'receipt'
  | 'refresh-cw'
  | 'rocket'
  | 'route'
  | 'scale'
  | 'scan-text'
  | 'search'
  | 'server'
  | 'shield-check'
  | 'ship'
  | 'shopping-cart'
  | 'smartphone'
  | 'sparkles'
  | 'square-check-big'
  | 'stethoscope'
  | 'tablet-smartphone'
  | 'target'
  | 'test-tube'
  | 'ticket'
  | 'timer'
  | 'trending-down'
  | 'trending-up'
  | 'truck'
  | 'user-check'
  | 'users'
  | 'wallet'
  | 'workflow'
  | 'wrench'
  | 'zap';
/**
 * The version of the schemas this file was written for. npm run migrate upgrades a file written for an older version; keep it as it is.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "SchemaVersion".
 */
export type SchemaVersion = number;
/**
 * A technology by its usual name. Those with a logo in one of the logo sets npm run gen reads (Simple Icons first) are shown with it, and the name stays as text; ask a developer to add another name to schemas/defs.schema.json.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Technology".
 */
export type Technology =
  | '.NET'
  | 'Android'
  | 'Angular'
  | 'C#'
  | 'C++'
  | 'Docker'
  | 'Flutter'
  | 'Golang'
  | 'iOS'
  | 'Java'
  | 'JavaScript'
  | 'Kotlin'
  | 'Kubernetes'
  | 'LangGraph'
  | 'NetSuite'
  | 'Node.js'
  | 'Oracle'
  | 'PHP'
  | 'PostgreSQL'
  | 'Python'
  | 'PyTorch'
  | 'RAG'
  | 'Rails'
  | 'React'
  | 'Salesforce'
  | 'ServiceNow'
  | 'SharePoint'
  | 'Swift'
  | 'TypeScript'
  | 'Vector search'
  | 'Vue.js';
/**
 * One section of a page. Its "type" says which kind of block it is and so which fields it takes.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Block".
 */
export type Block =
  | Banner
  | CallToAction
  | CardGrid
  | CaseStudies
  | Counters
  | FAQ
  | JobDetail
  | JobList
  | LogoCloud
  | ProductCarousel
  | ProductDetail
  | Prose
  | Steps
  | Ticker;

/**
 * A wide opening section: a large heading, a short paragraph and up to two buttons, over a brand background, an image or a muted looping video.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Banner".
 */
export interface Banner {
  /**
   * Banner: A wide opening section: a large heading, a short paragraph and up to two buttons, over a brand background, an image or a muted looping video.
   */
  type: 'banner';
  anchor?: Anchor;
  /**
   * Eyebrow: A short line shown above the heading, such as the section's theme.
   */
  eyebrow?: string;
  /**
   * Heading: The banner's main line. On the home page this is the page's only top-level heading.
   */
  heading: string;
  /**
   * Text: One or two sentences under the heading.
   */
  text?: string;
  /**
   * Buttons: Up to two call-to-action buttons under the text.
   *
   * @maxItems 2
   */
  actions: Button[];
  image?: Image;
  /**
   * Heading level: A banner that is the page's first block is its header at either level: it holds the page's only top-level heading, and the standard header with the page title is left out. 1 also sets that heading in the large size of the home page's opening, and must be the first block. 2, the default, for any other banner.
   */
  level: 1 | 2;
  /**
   * Background video: A short muted video that loops behind the banner (it does not play for visitors who ask for reduced motion, and has a pause button).
   */
  video?: {
    /**
     * Video file: Path of an MP4 file under public/, starting with /. Keep it under 1 MB.
     */
    src: string;
    /**
     * Poster frame: Path of the still image shown before the video plays, and instead of it under reduced motion.
     */
    poster: string;
    /**
     * Pause button text: Name of the button that pauses the video.
     */
    pauseLabel: string;
    /**
     * Play button text: Name of the button that plays it again.
     */
    playLabel: string;
  };
}
/**
 * A call-to-action button. Give it either a link (href) to go somewhere, or the dialog it opens (opens).
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Action".
 */
export interface Button {
  /**
   * Button text: The words on the button.
   */
  label: string;
  href?: Link;
  /**
   * Opens a form: The form the button opens, in a dialog over the page, instead of leading somewhere: the enquiry form or the job application form.
   */
  opens?: 'enquiry' | 'apply';
  /**
   * Style: How prominent the button looks: solid for the main action, outline for a secondary one.
   */
  variant: 'solid' | 'outline';
}
/**
 * A picture with its intrinsic size (so the page does not shift while it loads) and a text alternative for people who cannot see it.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Image".
 */
export interface Image {
  /**
   * Image file: Path of the image under public/, starting with /.
   */
  src: string;
  /**
   * Text alternative: What the image shows, read aloud by screen readers. Write an empty string only for a purely decorative image.
   */
  alt: string;
  /**
   * Width: Intrinsic width of the image in pixels.
   */
  width: number;
  /**
   * Height: Intrinsic height of the image in pixels.
   */
  height: number;
}
/**
 * A closing band that invites the visitor to act: a heading, a sentence and one button.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "CallToAction".
 */
export interface CallToAction {
  /**
   * Call to action: A closing band that invites the visitor to act: a heading, a sentence and one button.
   */
  type: 'callToAction';
  anchor?: Anchor;
  /**
   * Heading: The invitation, in a few words.
   */
  heading: string;
  /**
   * Text: One or two sentences under the heading.
   */
  text?: string;
  action: Button;
}
/**
 * A section of offering cards laid out in a grid: each card has a title, a paragraph, an optional subtitle and up to two list items.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "CardGrid".
 */
export interface CardGrid {
  /**
   * Card grid: A section of offering cards laid out in a grid: each card has a title, a paragraph, an optional subtitle and up to two list items.
   */
  type: 'cardGrid';
  anchor?: Anchor;
  /**
   * Heading: The section's heading, shown above the cards.
   */
  heading?: string;
  /**
   * Introduction: A sentence or two under the heading.
   */
  intro?: string;
  /**
   * Columns: How many cards sit side by side on a wide screen. Phones always show one.
   */
  columns: 2 | 3 | 4;
  /**
   * Cards: The cards, in the order they appear.
   *
   * @minItems 1
   *
   * Items: Card: One offering.
   */
  cards: {
    icon?: Icon;
    /**
     * Title: The offering's name.
     */
    title: string;
    /**
     * Subtitle: An optional short line under the title.
     */
    subtitle?: string;
    /**
     * Content: A short paragraph describing the offering.
     */
    content: string;
    /**
     * List items: Up to two short points shown as a list under the paragraph.
     *
     * @maxItems 2
     *
     * Items: List item: One short point.
     */
    items?: string[];
    href?: Link;
  }[];
  action?: Button;
}
/**
 * Short case studies, each naming the client's industry, the problem and what we built.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "CaseStudies".
 */
export interface CaseStudies {
  /**
   * Case studies: Short case studies, each naming the client's industry, the problem and what we built.
   */
  type: 'caseStudies';
  anchor?: Anchor;
  /**
   * Heading: The section's heading.
   */
  heading?: string;
  /**
   * Introduction: A sentence or two under the heading.
   */
  intro?: string;
  /**
   * Labels: The small headings shown inside every case study.
   */
  labels: {
    /**
     * Industry label: Label before the client's industry.
     */
    vertical: string;
    /**
     * Problem label: Heading of the problem paragraph.
     */
    problem: string;
    /**
     * Solution label: Heading of the solution paragraph.
     */
    solution: string;
  };
  /**
   * Studies: The case studies shown, by id, in this order: each is a file in pages/_collections/case-studies/.
   *
   * @minItems 1
   * @maxItems 30
   */
  studies: (CaseStudy & {
    id: string;
    href?: string;
  })[];
}
/**
 * One client story, written once and shown by any caseStudies block that names it. The file name is its id: pages/_collections/case-studies/portfolio-management.json is "portfolio-management".
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "CaseStudy".
 */
export interface CaseStudy {
  /**
   * Schema: Tells your editor which rules check this file, so it can suggest fields and flag mistakes. Keep it as it is.
   */
  $schema: string;
  schemaVersion: SchemaVersion;
  /**
   * Title: The study's name.
   */
  title: string;
  /**
   * Industry: The client's industry and, if useful, region.
   */
  vertical: string;
  /**
   * Problem: What the client needed solved.
   */
  problem: string;
  /**
   * Solution: What we built and what changed.
   */
  solution: string;
}
/**
 * Key figures that count up from 0 when they scroll into view. Visitors who ask for reduced motion, and those without JavaScript, see the final numbers at once.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Counters".
 */
export interface Counters {
  /**
   * Counters: Key figures that count up from 0 when they scroll into view. Visitors who ask for reduced motion, and those without JavaScript, see the final numbers at once.
   */
  type: 'counters';
  anchor?: Anchor;
  /**
   * Heading: The section's heading, shown above the figures.
   */
  heading?: string;
  /**
   * Introduction: A sentence or two under the heading.
   */
  intro?: string;
  /**
   * Count-up time: Seconds each counter takes to count from 0 to its value.
   */
  duration: number;
  /**
   * Figures: The figures, in the order they appear.
   *
   * @minItems 1
   * @maxItems 12
   *
   * Items: Figure: One number with its label.
   */
  items: {
    /**
     * Value: The final number.
     */
    value: number;
    /**
     * Suffix: Text right after the number, such as a plus sign.
     */
    suffix?: string;
    /**
     * Label: What the number counts.
     */
    label: string;
  }[];
}
/**
 * Questions and answers as an accordion: each question is a button that shows or hides its answer, usable by keyboard and screen reader, and readable without JavaScript.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "FAQ".
 */
export interface FAQ {
  /**
   * FAQ: Questions and answers as an accordion: each question is a button that shows or hides its answer, usable by keyboard and screen reader, and readable without JavaScript.
   */
  type: 'faq';
  anchor?: Anchor;
  /**
   * Heading: The section's heading.
   */
  heading?: string;
  /**
   * Introduction: A sentence or two under the heading.
   */
  intro?: string;
  /**
   * Questions: The questions, in order.
   *
   * @minItems 1
   *
   * Items: Question and answer: One question with its answer.
   */
  items: {
    /**
     * Question: The question, as a buyer would ask it.
     */
    question: string;
    /**
     * Answer: The answer, in one or two short paragraphs.
     */
    answer: string;
  }[];
  /**
   * Contact card: A card beside the questions on wide screens and under them on phones: where to turn when the answer is not here, with a button.
   */
  aside?: {
    icon?: Icon;
    /**
     * Heading: The card's heading.
     */
    heading: string;
    /**
     * Text: One or two sentences under the heading.
     */
    text: string;
    action: Button;
  };
}
/**
 * One job posting in full: when and where, how many people, the experience asked for, responsibilities and skills, with a link back and an Apply Now button.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "JobDetail".
 */
export interface JobDetail {
  /**
   * Job detail: One job posting in full: when and where, how many people, the experience asked for, responsibilities and skills, with a link back and an Apply Now button.
   */
  type: 'jobDetail';
  anchor?: Anchor;
  job: {
    /**
     * Job title: The position's name, shown as the posting's heading.
     */
    title: string;
    /**
     * Published: The day the posting was published, as YYYY-MM-DD; the page shows it in words (3 November 2025), with how long ago that was on the day the site is built (3 weeks ago). The newest posting comes first in the list.
     */
    date: string;
    /**
     * Location: Where the job is based; one of the filter's locations.
     */
    location: string;
    /**
     * Job type: One of the filter's job types.
     */
    jobType: string;
    /**
     * Resources required: How many people this posting hires.
     */
    resources: number;
    /**
     * Experience needed: Experience asked for.
     */
    experience: string;
    /**
     * Responsibilities: What the person will do, one item each.
     *
     * @minItems 1
     *
     * Items: Responsibility: One responsibility.
     */
    responsibilities: string[];
    /**
     * Skills: What the person needs to know, one item each.
     *
     * @minItems 1
     *
     * Items: Skill: One skill.
     */
    skills: string[];
    id: string;
    href?: string;
  };
  /**
   * Labels: The small headings and field names of the posting.
   */
  labels: {
    /**
     * Posted label: Label before the posting date, which is followed by how long ago that was (3 weeks ago), counted on the day the site is built.
     */
    posted: string;
    /**
     * Location label: Label of the location.
     */
    location: string;
    /**
     * Work type label: Label of the work type.
     */
    workType: string;
    /**
     * Openings label: Label of the number of people hired.
     */
    resources: string;
    /**
     * Experience label: Label of the experience asked for.
     */
    experience: string;
    /**
     * Responsibilities heading: Heading over the responsibilities.
     */
    responsibilities: string;
    /**
     * Skills heading: Heading over the skills.
     */
    skills: string;
  };
  previous: TextLink;
  apply: Button;
}
/**
 * A link with its words.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "TextLink".
 */
export interface TextLink {
  /**
   * Link text: The words of the link.
   */
  label: string;
  href: Link;
}
/**
 * Open positions as cards, with a filter bar (category, location, job type) that narrows the cards when the visitor presses the filter button.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "JobList".
 */
export interface JobList {
  /**
   * Job list: Open positions as cards, with a filter bar (category, location, job type) that narrows the cards when the visitor presses the filter button.
   */
  type: 'jobList';
  anchor?: Anchor;
  /**
   * Heading: The section's heading.
   */
  heading?: string;
  /**
   * Filter options: The choices offered in each of the three filter menus. A list left out offers the values of the jobs shown, each once, in alphabetical order, so a new job's category, city or contract appears by itself; a list written out must hold every job's value.
   */
  filters: {
    /**
     * Categories: Choices in the category menu, in this order; every job's category must be one of them. Leave out to offer the jobs' own categories.
     *
     * @minItems 1
     *
     * Items: Category: One category.
     */
    categories?: string[];
    /**
     * Locations: Choices in the location menu, in this order; every job's location must be one of them. Leave out to offer the jobs' own locations.
     *
     * @minItems 1
     *
     * Items: Location: One city.
     */
    locations?: string[];
    /**
     * Job types: Choices in the job type menu, in this order; every job's type must be one of them. Leave out to offer the jobs' own types.
     *
     * @minItems 1
     *
     * Items: Job type: One kind of contract.
     */
    types?: string[];
  };
  /**
   * Labels: The words of the filter bar and the job cards.
   */
  labels: {
    /**
     * Category menu label: Label of the category menu.
     */
    category: string;
    /**
     * Location menu label: Label of the location menu.
     */
    location: string;
    /**
     * Job type menu label: Label of the job type menu.
     */
    jobType: string;
    /**
     * No-filter choice: The first choice of every menu, meaning no filter.
     */
    any: string;
    /**
     * Reset button text: The button that clears the filters and shows every job.
     */
    reset: string;
    /**
     * Filter button text: The button that applies the chosen filters.
     */
    submit: string;
    /**
     * Details link text: The link on each card to the full posting.
     */
    viewDetails: string;
    /**
     * No-match text: Shown when no job matches the filters.
     */
    noResults: string;
    /**
     * Experience label: Label before each job's experience.
     */
    experience: string;
  };
  /**
   * Jobs: Which jobs to list, by id, in this order. Leave it out to list every job in pages/_collections/jobs/, newest first: a new job file then appears by itself.
   *
   * @minItems 1
   * @maxItems 100
   */
  jobs: {
    /**
     * Job title: The position's name, shown as the posting's heading.
     */
    title: string;
    /**
     * Summary: One or two sentences about the job, shown on its card in the list of positions.
     */
    summary: string;
    /**
     * Category: One of the filter's categories.
     */
    category: string;
    /**
     * Location: Where the job is based; one of the filter's locations.
     */
    location: string;
    /**
     * Job type: One of the filter's job types.
     */
    jobType: string;
    /**
     * Experience needed: Experience asked for.
     */
    experience: string;
    id: string;
    href?: string;
  }[];
}
/**
 * Rows of client and partner logos, in groups with optional headings.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "LogoCloud".
 */
export interface LogoCloud {
  /**
   * Logo cloud: Rows of client and partner logos, in groups with optional headings.
   */
  type: 'logoCloud';
  anchor?: Anchor;
  /**
   * Heading: The section's heading.
   */
  heading?: string;
  /**
   * Introduction: A sentence or two under the heading.
   */
  intro?: string;
  /**
   * Groups: Groups of logos, each with an optional heading.
   *
   * @minItems 1
   *
   * Items: Group: Logos under an optional heading.
   */
  groups: {
    /**
     * Group heading: A small heading over this group of logos.
     */
    heading?: string;
    /**
     * Logos: The logos, in order. Each needs a text alternative naming the organisation. An SVG logo of at most 4 KB is written into the page when the site is built, so the wall of logos costs visitors no request per logo.
     *
     * @minItems 1
     */
    logos: Image[];
  }[];
}
/**
 * A list of products beside a picture carousel. Choosing a product in the list shows its picture and text; the pictures fade rather than slide and cannot be dragged.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "ProductCarousel".
 */
export interface ProductCarousel {
  /**
   * Product carousel: A list of products beside a picture carousel. Choosing a product in the list shows its picture and text; the pictures fade rather than slide and cannot be dragged.
   */
  type: 'productCarousel';
  anchor?: Anchor;
  /**
   * Heading: The section's heading, shown above the list.
   */
  heading?: string;
  /**
   * Introduction: A sentence or two under the heading.
   */
  intro?: string;
  /**
   * Advance every: Milliseconds before the next product is shown on its own. Leave out to advance only when a visitor chooses. A pause button appears whenever this is set.
   */
  autoAdvance?: number;
  /**
   * Pause button text: Text of the button that stops automatic advancing (read by screen readers).
   */
  pauseLabel?: string;
  /**
   * Play button text: Text of the button that restarts automatic advancing.
   */
  playLabel?: string;
  /**
   * Page link text: Words before an item's name in the link to its own page ("More about" makes "More about E-Commerce Solutions"). Leave out for no links; items without a page of their own (outcomes) never have one.
   */
  moreLabel?: string;
  /**
   * Items: What the carousel shows, by id, in list order: products (pages/_collections/products/) or outcomes (pages/_collections/outcomes/).
   *
   * @minItems 1
   * @maxItems 20
   */
  items: (
    | {
        /**
         * Name: The product's name, shown in the list.
         */
        title: string;
        /**
         * Text: A short paragraph shown with the picture in a carousel, and as the first paragraph and the search-engine description of the product's page.
         */
        text: string;
        image: Image;
        id: string;
        href?: string;
      }
    | {
        /**
         * Outcome: The result in a few words, with its number.
         */
        title: string;
        /**
         * How: How the result is reached, in one or two sentences.
         */
        text: string;
        image: Image;
        id: string;
        href?: string;
      }
  )[];
}
/**
 * One product in full, from its entry in the products collection: its sentence and overview, what it does and its picture, with a button that opens a form.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "ProductDetail".
 */
export interface ProductDetail {
  /**
   * Product detail: One product in full, from its entry in the products collection: its sentence and overview, what it does and its picture, with a button that opens a form.
   */
  type: 'productDetail';
  anchor?: Anchor;
  product: {
    /**
     * Text: A short paragraph shown with the picture in a carousel, and as the first paragraph and the search-engine description of the product's page.
     */
    text: string;
    /**
     * Overview: Paragraphs on the product's page after its first, saying who it is for and how it is delivered.
     *
     * @minItems 1
     * @maxItems 4
     *
     * Items: Paragraph: One paragraph of the overview.
     */
    overview?: string[];
    /**
     * Features: What the product does, one short line each, listed on its page.
     *
     * @minItems 1
     * @maxItems 8
     *
     * Items: Feature: One thing the product does, in a line.
     */
    features?: string[];
    image: Image;
    id: string;
    href?: string;
  };
  /**
   * Features heading: The heading over the product's features.
   */
  featuresHeading: string;
  action?: Button;
}
/**
 * A section of running text: a heading, paragraphs, and an optional list of points, with a picture or key facts beside it.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Prose".
 */
export interface Prose {
  /**
   * Prose: A section of running text: a heading, paragraphs, and an optional list of points, with a picture or key facts beside it.
   */
  type: 'prose';
  anchor?: Anchor;
  /**
   * Heading: The section's heading.
   */
  heading?: string;
  /**
   * Paragraphs: The text, one entry per paragraph.
   *
   * @minItems 1
   *
   * Items: Paragraph: One paragraph of text.
   */
  paragraphs: string[];
  /**
   * Points: An optional bulleted list after the paragraphs.
   *
   * Items: Point: One short point.
   */
  points?: string[];
  image?: Image;
  /**
   * Key facts: A column of results beside the text on wide screens and under it on phones: each outcome's title set large, with its one sentence. The outcomes are written once, in pages/_collections/outcomes/, and named here by id. With a side image as well, the facts sit under the picture.
   */
  facts?: {
    /**
     * Label: A short label above the facts, set small in capitals.
     */
    heading?: string;
    /**
     * Outcomes: The outcomes to show, by id, in order.
     *
     * @minItems 1
     * @maxItems 4
     */
    outcomes: {
      /**
       * Outcome: The result in a few words, with its number.
       */
      title: string;
      /**
       * How: How the result is reached, in one or two sentences.
       */
      text: string;
      id: string;
      href?: string;
    }[];
  };
}
/**
 * A numbered sequence: a process, a method or a roadmap, shown as numbered cards in order.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Steps".
 */
export interface Steps {
  /**
   * Steps: A numbered sequence: a process, a method or a roadmap, shown as numbered cards in order.
   */
  type: 'steps';
  anchor?: Anchor;
  /**
   * Heading: The section's heading.
   */
  heading?: string;
  /**
   * Introduction: A sentence or two under the heading.
   */
  intro?: string;
  /**
   * Steps: The steps, in order; they are numbered automatically.
   *
   * @minItems 2
   * @maxItems 12
   *
   * Items: Step: One step.
   */
  steps: {
    icon?: Icon;
    /**
     * Title: The step's name.
     */
    title: string;
    /**
     * Text: What happens in this step.
     */
    text: string;
  }[];
}
/**
 * Rows of technology tags that scroll continuously across the screen, pause on hover, and stand still for visitors who ask for reduced motion.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Ticker".
 */
export interface Ticker {
  /**
   * Ticker: Rows of technology tags that scroll continuously across the screen, pause on hover, and stand still for visitors who ask for reduced motion.
   */
  type: 'ticker';
  anchor?: Anchor;
  /**
   * Heading: The section's heading, shown above the rows.
   */
  heading?: string;
  /**
   * Pause button text: Text of the button that stops the rows moving (moving content must be stoppable).
   */
  pauseLabel: string;
  /**
   * Play button text: Text of the button that sets the rows moving again.
   */
  playLabel: string;
  /**
   * Rows: One or more rows of tags, each scrolling on its own.
   *
   * @minItems 1
   * @maxItems 3
   *
   * Items: Row: One scrolling row of tags.
   */
  rows: {
    /**
     * Tags: The words shown in this row, in order.
     *
     * @minItems 2
     */
    tags: Technology[];
    /**
     * Speed: Milliseconds one tag takes to slide by one place. Larger is slower.
     */
    speed: number;
    /**
     * Reverse: Scroll from left to right instead of right to left.
     */
    reverse: boolean;
    /**
     * Tags in view: How many tags are in view at once: on wide screens, under 769 px and under 480 px.
     */
    visible: {
      /**
       * Wide screens: Tags in view at 769 px and wider.
       */
      wide: number;
      /**
       * Under 769 px: Tags in view from 480 px up to 768 px.
       */
      medium: number;
      /**
       * Under 480 px: Tags in view below 480 px.
       */
      narrow: number;
    };
  }[];
}
/**
 * One open position: its card in the list of positions and its own page (made from pages/careers/[jobs].json). The file name is its id and its address: pages/_collections/jobs/ux-ui-designer.json is /careers/ux-ui-designer.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Job".
 */
export interface Job {
  /**
   * Schema: Tells your editor which rules check this file, so it can suggest fields and flag mistakes. Keep it as it is.
   */
  $schema: string;
  schemaVersion: SchemaVersion;
  /**
   * Job title: The position's name, shown as the posting's heading.
   */
  title: string;
  /**
   * Summary: One or two sentences about the job, shown on its card in the list of positions.
   */
  summary: string;
  /**
   * Category: One of the filter's categories.
   */
  category: string;
  /**
   * Location: Where the job is based; one of the filter's locations.
   */
  location: string;
  /**
   * Job type: One of the filter's job types.
   */
  jobType: string;
  /**
   * Experience needed: Experience asked for.
   */
  experience: string;
  /**
   * Resources required: How many people this posting hires.
   */
  resources: number;
  /**
   * Published: The day the posting was published, as YYYY-MM-DD; the page shows it in words (3 November 2025), with how long ago that was on the day the site is built (3 weeks ago). The newest posting comes first in the list.
   */
  date: string;
  /**
   * Responsibilities: What the person will do, one item each.
   *
   * @minItems 1
   *
   * Items: Responsibility: One responsibility.
   */
  responsibilities: string[];
  /**
   * Skills: What the person needs to know, one item each.
   *
   * @minItems 1
   *
   * Items: Skill: One skill.
   */
  skills: string[];
  /**
   * Page title: The title of the posting's own page: shown in the browser tab and in search results.
   */
  pageTitle: string;
  /**
   * Page description: One or two sentences search engines show under the posting's page title.
   */
  pageDescription: string;
}
/**
 * One result we commit to, written once and shown by any productCarousel block that names it: the claim, how it is reached, and its picture. The file name is its id.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Outcome".
 */
export interface Outcome {
  /**
   * Schema: Tells your editor which rules check this file, so it can suggest fields and flag mistakes. Keep it as it is.
   */
  $schema: string;
  schemaVersion: SchemaVersion;
  /**
   * Outcome: The result in a few words, with its number.
   */
  title: string;
  /**
   * How: How the result is reached, in one or two sentences.
   */
  text: string;
  image: Image;
}
/**
 * One product, written once: its name, a sentence and its picture, shown by any productCarousel block that names it, and its own page at /products/<id> (pages/products/[products].json). The file name is its id.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Product".
 */
export interface Product {
  /**
   * Schema: Tells your editor which rules check this file, so it can suggest fields and flag mistakes. Keep it as it is.
   */
  $schema: string;
  schemaVersion: SchemaVersion;
  /**
   * Name: The product's name, shown in the list.
   */
  title: string;
  /**
   * Text: A short paragraph shown with the picture in a carousel, and as the first paragraph and the search-engine description of the product's page.
   */
  text: string;
  image: Image;
  /**
   * Overview: Paragraphs on the product's page after its first, saying who it is for and how it is delivered.
   *
   * @minItems 1
   * @maxItems 4
   *
   * Items: Paragraph: One paragraph of the overview.
   */
  overview?: string[];
  /**
   * Features: What the product does, one short line each, listed on its page.
   *
   * @minItems 1
   * @maxItems 8
   *
   * Items: Feature: One thing the product does, in a line.
   */
  features?: string[];
}
/**
 * The application form of the Apply Now button. The browser and the server both validate with this schema; the CV itself travels as a file beside these fields and the server checks its content too.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "JobApplication".
 */
export interface JobApplication {
  /**
   * Full name: The applicant's full name, on one line and without control characters or direction overrides.
   */
  fullName: string;
  /**
   * Phone number: Digits only, at least 10 and at most 15 (the longest an international number can be).
   */
  phone: string;
  /**
   * Email: Where we reply: at most 254 characters, the longest address mail can carry. A control, direction, zero-width, tag, separator, private-use or other invisible character makes it an invalid e-mail.
   */
  email: string;
  /**
   * CV: The chosen CV file: its name and size (the file itself is sent beside the form). PDF, DOCX, DOC, RTF or TXT, at most 5 MB.
   */
  cv?: {
    /**
     * File name: The CV's file name, at most 255 characters, with no control character; its extension must be one of the allowed formats.
     */
    name: string;
    /**
     * File size: The CV's size in bytes: at most 5 MB.
     */
    size: number;
  };
  /**
   * Cover letter: Why the applicant wants the role: no control characters but tabs and line breaks.
   */
  coverLetter: string;
}
/**
 * The enquiry form of the Book a Demo, Get Your Free Quote, Book a 20-min Fit Call and Schedule a Call buttons. The browser and the server both validate with this schema; every message a visitor can see is in its errorMessage entries.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Enquiry".
 */
export interface Enquiry {
  /**
   * Name: The visitor's name, at most 15 characters, on one line and without control characters or direction overrides.
   */
  name: string;
  /**
   * Email: Where we reply: at most 254 characters, the longest address mail can carry. A control, direction, zero-width, tag, separator, private-use or other invisible character makes it an invalid e-mail.
   */
  email: string;
  /**
   * Country code: The dial code of the phone number: India +91, Singapore +65, Malaysia +60, UAE +971, US +1 or UK +44 (the UI schema names them).
   */
  mobileRef: '+91' | '+65' | '+60' | '+971' | '+1' | '+44';
  /**
   * Phone number: The phone number without its dial code: digits only, at least 10 and at most 15 (the longest an international number can be).
   */
  mobile: string;
  /**
   * Message: What the visitor would like to talk about: no control characters but tabs and line breaks.
   */
  message: string;
}
/**
 * One page of the site. The file's path under pages/ is the page's address: pages/about.json is /about, pages/index.json is /.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Page".
 */
export interface Page {
  /**
   * Schema: Tells your editor which rules check this file, so it can suggest fields and flag mistakes. Keep it as it is.
   */
  $schema: string;
  schemaVersion: SchemaVersion;
  /**
   * Title: The page's name: shown in the browser tab, in search results and, unless a heading is given, in the header banner.
   */
  title: string;
  /**
   * Header heading: The large heading in the header banner at the top of the page, when it should differ from the title. A page that opens with a banner block has that banner as its header instead, with the banner's heading.
   */
  heading?: string;
  technology?: Technology;
  icon?: Icon;
  /**
   * Description: One or two sentences that search engines show under the title. Aim for 50 to 160 characters.
   */
  description: string;
  /**
   * Layout: "standard" frames the blocks with the navigation bar, a header with the title, and the footer. "navigationOnly" shows the navigation bar alone (for previewing it), and takes no blocks.
   */
  layout: 'standard' | 'navigationOnly';
  /**
   * Hidden from search engines: true keeps the page out of search results and out of the sitemap: for pages that exist to check something, like the navigation bar on its own.
   */
  hiddenFromSearch: boolean;
  /**
   * Blocks: The page's sections from top to bottom. Reorder them to reorder the page; each needs a "type".
   */
  blocks: Block[];
}
/**
 * How changes are reviewed before they are published (scripts/review-settings.json). The file is code, not content: the editor never writes it, and the live site builds a change to it only from a signed release, so nobody can lift an approval rule from the editor.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "ReviewSettings".
 */
export interface ReviewSettings {
  /**
   * Schema: Where editors find this file's schema, for checking and completion as it is written.
   */
  $schema?: string;
  /**
   * Approval required: Whether a change needs a reviewer's approval before it is published: Publish then becomes Ask for review for everyone but the reviewers, and a reviewer cannot approve their own review.
   */
  approvalRequired: boolean;
  /**
   * Preview link lifetime (days): How many days a preview link works.
   */
  linkDays: number;
  /**
   * Reviewers: The people who may approve reviews (and, when approval is required, publish directly), by the name and e-mail address they publish with. An empty list lets anyone approve.
   *
   * @maxItems 100
   *
   * Items: Reviewer: One reviewer: the name shown to colleagues and the e-mail address they publish with.
   */
  reviewers: {
    /**
     * Name: The reviewer's name, as colleagues know it.
     */
    name: string;
    /**
     * E-mail address: The address the reviewer publishes with (their git e-mail, or the one the sign-in proxy gives).
     */
    email: string;
  }[];
}
/**
 * An entry of the navigation bar: a plain link (href) or a menu of link groups (groups).
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "NavItem".
 */
export interface MenuEntry {
  /**
   * Entry text: The words in the bar.
   */
  label: string;
  href?: Link;
  /**
   * Link groups: The menu's links, in groups with optional headings.
   *
   * @minItems 1
   *
   * Items: Link group: Links under an optional heading.
   */
  groups?: {
    /**
     * Group heading: The group's heading inside the menu.
     */
    heading?: string;
    /**
     * Links: The group's links.
     *
     * @minItems 1
     */
    links: TextLink[];
  }[];
}
/**
 * Everything the pages share: the brand, the navigation bar, the footer, the words of the site's own controls and where forms are sent.
 *
 * This interface was referenced by `SchemaTypes`'s JSON-Schema
 * via the `definition` "Site".
 */
export interface Site {
  /**
   * Schema: Tells your editor which rules check this file. Keep it as it is.
   */
  $schema: string;
  schemaVersion: SchemaVersion;
  /**
   * Brand name: The company's name, added to every page title and used by search engines.
   */
  name: string;
  /**
   * Site address: The public address of the site: https:// and its host name (with a port, if it needs one), with no path and no slash at the end; canonical links, link previews and the sitemap are built from it.
   */
  baseUrl: string;
  /**
   * Language: The language of the pages, as a language tag; screen readers use it to pronounce the text.
   */
  language: string;
  logo: Image;
  logoScrolled: Image;
  socialImage: Image;
  /**
   * Navigation bar: The menus and the button of the bar at the top of every page.
   */
  nav: {
    /**
     * Navigation name: Name of the navigation for screen readers.
     */
    label: string;
    /**
     * Menu entries: The entries of the bar, left to right: each either a plain link or a menu of link groups.
     *
     * @minItems 1
     */
    items: MenuEntry[];
    action: Button;
  };
  /**
   * Footer: The footer at the bottom of every page.
   */
  footer: {
    /**
     * Tagline: A sentence under the footer logo.
     */
    tagline: string;
    /**
     * Quick links heading: Heading over the quick links.
     */
    quickLinksHeading: string;
    /**
     * Quick links: Links to the main pages.
     */
    quickLinks: TextLink[];
    /**
     * Social heading: Heading over the social links.
     */
    socialHeading: string;
    /**
     * Social links: The company's social profiles; they open in a new tab.
     *
     * Items: Social link: One social profile.
     */
    social: {
      /**
       * Network: Which network, to pick its icon.
       */
      network: 'facebook' | 'x' | 'linkedin' | 'instagram';
      /**
       * Link text: Name of the link for screen readers.
       */
      label: string;
      href: Link;
    }[];
    /**
     * Contact heading: Heading over the contact mail link.
     */
    contactHeading: string;
    /**
     * Contact email: The general contact address, shown as a mail link.
     */
    email: string;
    /**
     * Offices heading: Heading over the office list.
     */
    officesHeading: string;
    /**
     * Offices: Office locations.
     *
     * Items: Office: One office location.
     */
    offices: string[];
    /**
     * Copyright line: The line at the very bottom.
     */
    copyright: string;
  };
  /**
   * Control labels: The words of the site's own controls and notices, which no page file sets.
   */
  labels: {
    /**
     * Skip link: The first link on every page, for keyboard users, jumping past the navigation.
     */
    skipToContent: string;
    /**
     * Open menu: Name of the phone menu button while the menu is closed.
     */
    openMenu: string;
    /**
     * Close menu: Name of the phone menu button while the menu is open.
     */
    closeMenu: string;
    /**
     * Home link: Name of the logo link to the home page.
     */
    home: string;
    /**
     * Not-found heading: Heading of the page shown for an address that has no page.
     */
    notFoundTitle: string;
    /**
     * Not-found text: Text of the not-found page.
     */
    notFoundText: string;
    /**
     * Not-found link: The link home on the not-found page.
     */
    notFoundLink: string;
    /**
     * Block error notice: Shown in place of a block that failed to display.
     */
    blockError: string;
    /**
     * Error screen heading: Heading of the screen shown when the whole page fails.
     */
    appErrorTitle: string;
  };
  /**
   * Form endpoints: Where the forms send what visitors type: a path on this server or an external form-collection service.
   */
  endpoints: {
    /**
     * Enquiry endpoint: Receives the enquiry form as JSON: /api/enquiry on this site's own server, or the https:// address of a form service (a lowercase host name, then a path).
     */
    enquiry: string;
    /**
     * Application endpoint: Receives the job application form as multipart form data: /api/apply on this site's own server, or the https:// address of a form service (a lowercase host name, then a path).
     */
    apply: string;
  };
  /**
   * Dialogs: The words of the dialogs that buttons open (their forms are declared in schemas/forms/).
   */
  dialogs: {
    /**
     * Enquiry dialog: The dialog opened by Book a Demo, Get Your Free Quote and the other calls to action.
     */
    enquiry: {
      /**
       * Dialog title: The dialog's heading.
       */
      title: string;
      /**
       * Close button text: Name of the button that closes the dialog (and clears the form).
       */
      closeLabel: string;
      /**
       * Sending text: What the submit button says while the form is being sent.
       */
      sendingLabel: string;
      /**
       * Failure notice: What the dialog says when the form could not be sent; everything typed stays in the form.
       */
      failure: {
        /**
         * Failure text: The sentence saying the form was not sent.
         */
        text: string;
        /**
         * Mail text: Words before the contact mail link, offering it instead.
         */
        mailLabel: string;
        /**
         * Try again text: The button that sends the form again.
         */
        retryLabel: string;
      };
      /**
       * Thank-you dialog: The dialog shown after a successful send.
       */
      thanks: {
        /**
         * Thank-you heading: The thank-you dialog's heading.
         */
        heading: string;
        /**
         * Thank-you text: The sentence under it.
         */
        text: string;
        image: Image;
        /**
         * Dismiss button text: Text of the button under the message that dismisses the thank-you dialog, and what screen readers call the ✕ in its corner.
         */
        closeLabel: string;
      };
    };
    /**
     * Application dialog: The dialog opened by Apply Now.
     */
    apply: {
      /**
       * Dialog title: The dialog's heading.
       */
      title: string;
      /**
       * Close button text: Name of the button that closes the dialog (and clears the form).
       */
      closeLabel: string;
      /**
       * Sending text: What the submit button says while the form is being sent.
       */
      sendingLabel: string;
      /**
       * Failure notice: What the dialog says when the form could not be sent; everything typed stays in the form.
       */
      failure: {
        /**
         * Failure text: The sentence saying the form was not sent.
         */
        text: string;
        /**
         * Mail text: Words before the contact mail link, offering it instead.
         */
        mailLabel: string;
        /**
         * Try again text: The button that sends the form again.
         */
        retryLabel: string;
      };
      /**
       * Thank-you dialog: The dialog shown after a successful send.
       */
      thanks: {
        /**
         * Thank-you heading: The thank-you dialog's heading.
         */
        heading: string;
        /**
         * Thank-you text: The sentence under it.
         */
        text: string;
        image: Image;
        /**
         * Dismiss button text: Text of the button under the message that dismisses the thank-you dialog, and what screen readers call the ✕ in its corner.
         */
        closeLabel: string;
      };
    };
  };
}
