import Foundation
import VantageCLI

exit(VantageCLI.run(Array(CommandLine.arguments.dropFirst())))
