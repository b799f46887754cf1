// Data (issue 46, decision 069), kept as text so authors read and extend it as a list; analyzer.ts reads it.
export const STOP_WORD_LINES = `
# Words that say nothing about what a question asks (issue 46, decision 069): fillers, question words,
# pronouns and particles staff type in any question. Neither a match nor a miss is counted on them.
的 了 吗 呢 吧 啊 呀 嘛 哦 么 着 过 得 地 和 与 及 或 跟 同 把 被 让 给 对 向 从 在 于 为 以 就 都 也 还 又 再 才 只 很 太 更 最 挺
我 你 他 她 它 我们 你们 他们 她们 咱们 自己 人家 大家 这 那 这个 那个 这些 那些 这样 那样 这么 那么 这种 那种 这边 那边
什么 啥 怎么 怎样 怎么样 如何 为什么 为啥 哪 哪些 哪个 哪里 哪儿 谁 几 多少 是否 是不是 能不能 可不可以 会不会 有没有 要不要 行不行 算不算 够不够
是 有 没 没有 不 不是 能 能够 可以 可 会 要 需要 想 应该 该 得 行 好 一下 一些 有些 一般 大概 大约 差不多 到底 究竟 请问 请 问 说
客户 客人 咱 公司 我司 现在 目前 之前 以前 以后 之后 的话 时候 时 一个 个 些 种 下 上 里 中
次 份 张 位 件 条 笔 套 本 只 点 号 遍 趟 回
到 找 弄 然后 但是 可是 不过 如果 要是 因为 所以 而且 还是 或者 一定 已经 比较 非常 特别 真的 还能 能否
`;
