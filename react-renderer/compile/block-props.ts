/**
 * Props from a block of attributes (structure/react-code.ts `RAttrBlock`, made by
 * structure/conditional-attributes.ts), set where the block stands among its element's attributes (React
 * prints props in object order; the string path's HTML has that order). The block runs
 * through the engine's own control flow (`controlFlow`) with a compiler whose blocks set props
 * instead of printing, so predicates, `.or` chains, section frames and errors are the
 * engine's. A branch's attribute list makes its props as any element's list does (`branch`);
 * the structuring pass made sure that no React name is set twice.
 */
import { controlFlow, type Compiler } from '../../engine/fragments.js';
import type { Registry } from '../../engine/plugin.js';
import type { Props } from '../runtime/attribute-props.js';
import type { ReactContext } from '../runtime/react-context.js';
import type { RAttr } from '../structure/react-code.js';

/**
 * Sets the props of one attribute from its text, or those of a block of attributes from the
 * data (`value` unused); false when React will print them differently (see `setAttribute`).
 */
export type PropSetter = (props: Props, value: string, ctx: ReactContext) => boolean;

/**
 * The setter of a block of attributes; `branch` makes the props of one branch's attribute list
 * (`suppressHydrationWarning` among them where React prints them differently).
 */
export function blockSetter(
  shell: unknown[],
  registry: Registry,
  branch: (attrs: RAttr[]) => (ctx: ReactContext) => Props,
): PropSetter {
  // The props the block sets (saved around each run: a value's formatter could render this
  // template again).
  let target: Props = {};
  const compiler: Compiler = {
    registry,
    block(attrs) {
      const make = branch(attrs as RAttr[]);
      return (ctx) => void Object.assign(target, make(ctx as ReactContext));
    },
    alternate: (alternate) =>
      Array.isArray(alternate) ? controlFlow(alternate, compiler) : () => {},
  };
  const run = controlFlow(shell, compiler);
  return (props, _value, ctx) => {
    const outer = target;
    target = props;
    try {
      run(ctx);
    } catch (thrown) {
      // What throws in a block (a hostile getter met by a section) throws before its branch
      // sets anything; it is recorded against the block, as the string path records it.
      ctx.unexpected(thrown, shell);
    }
    target = outer;
    return true;
  };
}
