import { Link } from '@/lib/router';
import type { HelpBlock, HelpText } from './helpContent';

function Run({ text }: { text: HelpText }) {
  if (typeof text === 'string') return text;
  if ('link' in text) return <Link to={text.to}>{text.link}</Link>;
  return <strong>{text.strong}</strong>;
}

function Runs({ texts }: { texts: HelpText[] }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: runs of one fixed text, in order
  return texts.map((text, index) => <Run key={index} text={text} />);
}

/** One answer of the Help Center, from its data (helpContent.ts) to plain <p>, <ul> and <strong>. */
export function HelpAnswer({ answer }: { answer: HelpBlock[] }) {
  return answer.map((block, index) =>
    'paragraph' in block ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed answer, never reordered
      <p key={index}>
        <Runs texts={block.paragraph} />
      </p>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of a fixed answer, never reordered
      <ul key={index}>
        {block.list.map((item, itemIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items of a fixed list, never reordered
          <li key={itemIndex}>
            <Runs texts={item} />
          </li>
        ))}
      </ul>
    ),
  );
}
